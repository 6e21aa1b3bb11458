"""The errors dicelab raises for things a player or a file got wrong."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow now; the game is left unchanged.

    The message is a sentence a student understands, e.g. "a 3 doesn't score on its own".
    """


class CorruptGameError(ValueError):
    """A saved game or a rules document that cannot be loaded as it is."""
