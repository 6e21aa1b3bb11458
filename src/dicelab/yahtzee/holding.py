"""How a bot turns the dice it wants to keep into one hold or release at a time.

>>> from dicelab.yahtzee.engine import State, Card
>>> state = State(cards=(Card(),), dice=(5, 2, 5, 3, 5), rolls_used=1)
>>> step_towards(state, (5, 5, 5))
Hold(die=0)
>>> from dataclasses import replace
>>> step_towards(replace(state, held=(True, False, True, False, True)), (5, 5, 5)) is None
True
"""

from __future__ import annotations

from dicelab.yahtzee.engine import Hold, Release, State


def step_towards(state: State, keep) -> Hold | Release | None:
    """The next hold or release that makes the held dice show the faces ``keep``, or None
    when they already do. Dice already held stay held when their face is wanted."""
    wanted = list(keep)
    target = [False] * 5
    for die in sorted(range(5), key=lambda die: not state.held[die]):
        if state.dice[die] in wanted:
            wanted.remove(state.dice[die])
            target[die] = True
    for die, (now, goal) in enumerate(zip(state.held, target)):
        if now != goal:
            return Hold(die) if goal else Release(die)
    return None
