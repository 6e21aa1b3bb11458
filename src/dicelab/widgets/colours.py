"""Player colours by name, as CSS colours (a player's colour is identity, so names stay visible too).

>>> css_colour("Lime")
'#8fd400'
>>> ink("Black"), ink("Yellow")
('#ffffff', '#111111')
"""

from __future__ import annotations

CSS_COLOURS = {
    "White": "#ffffff",
    "Light Gray": "#c9c9c9",
    "Dark Gray": "#6e6e6e",
    "Black": "#141414",
    "Brown": "#8b5a2b",
    "Red": "#d62828",
    "Orange": "#f28c1b",
    "Yellow": "#f7d917",
    "Lime": "#8fd400",
    "Green": "#238b3a",
    "Cyan": "#17c3d6",
    "Blue": "#2563eb",
    "Purple": "#7b3fbf",
    "Magenta": "#d12ad0",
    "Rose": "#f0577f",
    "Pink": "#f8a9cf",
}


SEAT_COLOURS = ("Red", "Blue", "Green", "Orange", "Purple", "Cyan")  # games without a colour list
FIRST_COLOURS = ("Red", "Blue", "Green", "Orange", "Purple", "Cyan", "Magenta", "Brown")


def in_seat_order(colours: tuple) -> list:
    """``colours`` in the order new seats take them: distinct, strong colours first.

    >>> in_seat_order(("White", "Red", "Blue", "Black"))
    ['Red', 'Blue', 'White', 'Black']
    """
    first = [colour for colour in FIRST_COLOURS if colour in colours]
    return first + [colour for colour in colours if colour not in first]


def css_colour(name: str | None) -> str:
    """The CSS colour for a colour name ("transparent" for None)."""
    return CSS_COLOURS.get(name, "transparent") if name else "transparent"


def ink(name: str | None) -> str:
    """A text colour that reads well on ``css_colour(name)``: near-black or white."""
    if not name:
        return "inherit"
    red, green, blue = (int(css_colour(name)[i : i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * red**2.2 + 0.7152 * green**2.2 + 0.0722 * blue**2.2
    return "#111111" if luminance > 0.2 else "#ffffff"
