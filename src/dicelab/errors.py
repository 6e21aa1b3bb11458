"""The errors dicelab raises for things a player, a program or a file got wrong.

Every one is a ``ValueError``, so ``except ValueError`` catches any bad input; a value of
the wrong type is also a ``TypeError``.
"""


class IllegalMoveError(ValueError):
    """An action the rules do not allow now; the game is left unchanged.

    The message is a sentence a student understands, e.g. "a 3 doesn't score on its own".
    """


class TooManyMovesError(IllegalMoveError):
    """A game that has had the most moves a game may have (:data:`dicelab.saves.MAX_EVENTS`,
    far more than any real game): the last guard against rules under which a game would
    never end. The game is left as it was."""


class InvalidInputError(ValueError):
    """A setting, argument or request that dicelab cannot take (nothing was changed).

    ``setting`` names the rule setting at fault, when there is one.
    """

    def __init__(self, message: str, setting: str | None = None):
        super().__init__(message)
        self.setting = setting


class WrongTypeError(InvalidInputError, TypeError):
    """Bad input of the wrong type: a float where a whole number goes, a bool for a face."""


class CorruptGameError(ValueError):
    """A saved game that cannot be loaded as it is; ``path`` is where in the JSON document
    the first problem is, e.g. ``$.events[3].dice[1]``."""

    def __init__(self, message: str, path: str = "$"):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.reason = message


class NotAFileError(InvalidInputError, OSError):
    """A write to (or a read of) a path that holds something other than a regular file (a
    folder, a device, a pipe): refused before anything is written or read. ``strerror``
    says what is there."""

    def __init__(self, path: object, kind: str, doing: str = "writes"):
        super().__init__(f"{path} is {kind}, not a regular file: dicelab {doing} only files")
        self.strerror = f"it is {kind}, not a regular file"
        self.filename = str(path)

    def __str__(self) -> str:
        return str(self.args[0])
