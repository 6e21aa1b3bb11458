"""Each game's fixed discrete action space, mapped exactly onto its engine's legal actions.

A learner picks one number per decision; the number stands for the engine actions that
make up that decision, and a mask says which numbers are legal now:

- **Yahtzee**: ``0``–``30`` hold the dice whose bits are set (bit ``i`` is die ``i``) and
  roll the others (holding all five is no roll); ``31 + k`` scores box ``rules.boxes[k]``.
- **Fivethousand, Thousand**: ``0`` throws the dice left; ``1``–``2**dice - 1`` set aside
  the dice of the throw (sorted, as observed) at the set bits; ``2**dice`` banks.
  Of several bit sets showing the same faces only one is legal, the one taking the first
  dice of each face, so each legal set-aside has exactly one number.

The turn's first throw or roll is no decision (nothing else is legal): it is played by
:class:`dicelab.rl.episode.Episode` with the dice.

>>> from dicelab import thousand
>>> from dicelab.setaside import State
>>> actions = SetAsideActions(thousand.Engine(thousand.Rules(choose_keep=True)))
>>> state = State(scores=(0, 0), dice_left=5, phase="choose", throw=(1, 1, 2, 5, 6))
>>> [(i, actions.decode(state, i)[0].dice) for i in actions.legal(state)]
[(1, (1,)), (3, (1, 1)), (8, (5,)), (9, (1, 5)), (11, (1, 1, 5))]
>>> actions.describe(9)
'set aside the dice at 0 3'
"""

from __future__ import annotations

import abc

import numpy as np

from dicelab.errors import IllegalMoveError
from dicelab.setaside import Bank, SetAside, Throw
from dicelab.yahtzee import Hold, Release, Roll, Score


def _index(index, size: int) -> int:
    """``index`` as a Python int in ``range(size)``; TypeError or ValueError otherwise."""
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
        raise TypeError(f"an action is a whole number from 0 to {size - 1}, not {index!r}")
    if not 0 <= index < size:
        raise ValueError(f"there is no action {index}: actions are numbered 0 to {size - 1}")
    return int(index)


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


class DiscreteActions(abc.ABC):
    """What every game's action space offers; subclasses say what the numbers mean."""

    size: int

    def __init__(self, engine):
        self.engine = engine

    @abc.abstractmethod
    def decode(self, state, index) -> tuple:
        """The engine actions that action ``index`` stands for in ``state``, in order."""

    @abc.abstractmethod
    def encode(self, state, actions) -> int:
        """The number of the decision that ``actions`` (engine actions, in order) make."""

    @abc.abstractmethod
    def describe(self, index: int) -> str:
        """A short label of action ``index``."""

    @abc.abstractmethod
    def opening(self, state):
        """The forced first throw or roll of a turn, when ``state`` waits for it, else None."""

    def apply(self, state, index):
        """The state after action ``index``: all of its engine actions, or IllegalMoveError
        (with the engine's reason) and nothing changes."""
        for action in self.decode(state, _index(index, self.size)):
            state = self.engine.apply(state, action)
        return state

    @abc.abstractmethod
    def legal(self, state) -> list[int]:
        """The numbers of the legal actions in ``state``, one per legal decision."""

    def mask(self, state) -> np.ndarray:
        """1 for each legal action of ``state``, else 0 (int8, as Gymnasium's sample takes)."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.legal(state)] = 1
        return mask

    def _decides(self, action) -> bool:
        """Whether one engine action is a whole decision on its own."""
        return True

    def bot_action(self, bot, state, rng) -> int:
        """The number of the decision ``bot`` (``choose(engine, state, rng)``) makes now."""
        steps, now = [], state
        for _ in range(1000):  # a random bot may hold and release many times before it rolls
            action = bot.choose(self.engine, now, rng)
            steps.append(action)
            if self._decides(action):
                return self.encode(state, steps)
            now = self.engine.apply(now, action)
        raise RuntimeError(f"{bot!r} made no decision in 1000 steps")


class YahtzeeActions(DiscreteActions):
    """Yahtzee: 31 ways to hold dice and roll the rest, then one action per box."""

    HOLDS = 31

    def __init__(self, engine):
        super().__init__(engine)
        self.boxes = tuple(engine.rules.boxes)
        self.size = self.HOLDS + len(self.boxes)

    def describe(self, index: int) -> str:
        index = _index(index, self.size)
        if index >= self.HOLDS:
            return f"score {self.boxes[index - self.HOLDS]}"
        held = _bits(index)
        return f"hold {' '.join(map(str, held))}, roll" if held else "roll all"

    def opening(self, state):
        return Roll() if not state.over and not state.rolling and not state.rolls_used else None

    def decode(self, state, index) -> tuple:
        index = _index(index, self.size)
        if index >= self.HOLDS:
            return (Score(self.boxes[index - self.HOLDS]),)
        changes = [
            (Hold if index >> die & 1 else Release)(die)
            for die in range(5)
            if bool(index >> die & 1) != state.held[die]
        ]
        return (*changes, Roll())

    def encode(self, state, actions) -> int:
        *changes, last = actions
        if isinstance(last, Score):
            return self.HOLDS + self.boxes.index(last.box)
        held = list(state.held)
        for change in changes:
            held[change.die] = isinstance(change, Hold)
        return sum(1 << die for die, on in enumerate(held) if on)

    def _decides(self, action) -> bool:
        return not isinstance(action, (Hold, Release))

    def legal(self, state) -> list[int]:
        if state.over or state.rolling or not state.rolls_used:
            return []
        holds = range(self.HOLDS) if state.rolls_used < self.engine.rules.rolls else []
        return [
            *holds,
            *(self.HOLDS + self.boxes.index(box) for box in self.engine.scorable_boxes(state)),
        ]


class SetAsideActions(DiscreteActions):
    """Fivethousand and Thousand: throw, one action per set of dice positions, bank."""

    THROW = 0

    def __init__(self, engine):
        super().__init__(engine)
        self.dice = engine.rules.dice
        self.bank = 2**self.dice
        self.size = self.bank + 1

    def describe(self, index: int) -> str:
        index = _index(index, self.size)
        if index == self.THROW:
            return "throw"
        if index == self.bank:
            return "bank"
        return "set aside the dice at " + " ".join(map(str, _bits(index)))

    def opening(self, state):
        return Throw() if state.phase == "throw" else None

    def decode(self, state, index) -> tuple:
        index = _index(index, self.size)
        if index == self.THROW:
            return (Throw(),)
        if index == self.bank:
            return (Bank(),)
        if state.phase != "choose":
            return (SetAside(()),)  # the engine says why nothing can be set aside now
        positions = _bits(index)
        if positions[-1] >= len(state.throw):
            raise IllegalMoveError(
                f"the throw has {len(state.throw)} dice: there is no die {positions[-1]}"
            )
        part = tuple(state.throw[i] for i in positions)
        first = self._first_positions(state.throw, part)
        if first != index:
            raise IllegalMoveError(
                f"take the first dice of each face: action {first} sets "
                f"{' '.join(map(str, part))} aside"
            )
        return (SetAside(part),)

    def legal(self, state) -> list[int]:
        if self.opening(state):
            return []
        return sorted(self.encode(state, (action,)) for action in self.engine.legal_actions(state))

    def encode(self, state, actions) -> int:
        (action,) = actions
        if isinstance(action, Throw):
            return self.THROW
        if isinstance(action, Bank):
            return self.bank
        return self._first_positions(state.throw, action.dice)

    @staticmethod
    def _first_positions(throw: tuple, part: tuple) -> int:
        """The bits of the first dice of each face of ``part`` in the sorted ``throw``."""
        mask, wanted = 0, list(part)
        for position, face in enumerate(throw):
            if face in wanted:
                wanted.remove(face)
                mask |= 1 << position
        return mask
