"""Sentences right for any name: "You" in the second person, the others in the third, and
counts with the right noun.

>>> says("You", "rolls"), says("Ann", "rolls"), says("You", "has"), says("Bo", "passes")
('You roll', 'Ann rolls', 'You have', 'Bo passes')
>>> whose("You"), whose("Ann"), whom("You"), count(1, "point"), count(2, "die")
('your', "Ann's", 'you', '1 point', '2 dice')
>>> turn_of("You"), turn_of("Ann"), owned_by("You")
('Your turn', "Ann's turn", 'yours')
"""

from __future__ import annotations

IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were", "gets": "get"}
PLURALS = {"die": "dice"}


def is_you(name: str) -> bool:
    """Whether the player is called "You" (spoken to, not about)."""
    return name.strip().lower() == "you"


def verb(name: str, third: str) -> str:
    """The verb ``third`` ("rolls", "passes", "has") as ``name`` takes it."""
    if not is_you(name):
        return third
    if third in IRREGULAR:
        return IRREGULAR[third]
    if third.endswith(("sses", "shes", "ches", "xes", "zes")):
        return third[:-2]
    return third[:-1] if third.endswith("s") else third


def says(name: str, third: str, start: bool = True) -> str:
    """``name`` and the verb: "Ann rolls", "You roll" ("you roll" inside a sentence)."""
    you = "You" if start else "you"
    return f"{you if is_you(name) else name} {verb(name, third)}"


def whose(name: str) -> str:
    """The possessive: "Ann's", "your" (capitalise at the start of a sentence)."""
    return "your" if is_you(name) else f"{name}'s"


def owned_by(name: str) -> str:
    """The possessive standing alone: "Ann's", "yours"."""
    return "yours" if is_you(name) else f"{name}'s"


def whom(name: str) -> str:
    """The name as an object: "Ann", "you"."""
    return "you" if is_you(name) else name


def turn_of(name: str) -> str:
    """ "Ann's turn", "Your turn"."""
    text = f"{whose(name)} turn"
    return text[:1].upper() + text[1:]


def count(n: int, noun: str) -> str:
    """ "1 point", "2 points", "1 die", "3 dice"."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {PLURALS.get(noun, noun + 's')}"
