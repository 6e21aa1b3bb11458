"""Who a sentence speaks to, and chances in words, for the catalogue's messages
(:mod:`dicelab.messages`): "You" in the second person, robots named as robots, the games'
default players in the table's language, and chances as whole percentages.

>>> percentages([0.5049, 0.4951]), percentages([0.998, 0.002, 0.0])
(['50%', '50%'], ['over 99%', 'under 1%', '0%'])
"""

from __future__ import annotations

import re
from dataclasses import replace

from dicelab import messages
from dicelab.players import Player

ENGLISH = messages.catalogue("en")
DEFAULT_NAMES = ("name.you", "name.bot", "name.robot", "name.red", "name.player")  # the games'
# default players' names, as the catalogue says them


def is_you(name: str) -> bool:
    """Whether the player is called "You" (spoken to, not about), in any language ("Вы")."""
    return messages.is_you(name)


def unnamed_robot(player) -> bool:
    """Whether ``player`` (a :class:`dicelab.players.Player`) is a robot whose name doesn't
    say it is one (in any language: "Bot 1", "Робот 1")."""
    name = player.name.lower()
    return player.is_bot and not any(
        messages.catalogue(lang)("name.bot_word") in name for lang in messages.LANGUAGES
    )


def default_names(players, say: messages.Catalogue) -> tuple[Player, ...]:
    """A game's default ``players`` (named in English) named in the language of ``say``:
    "You" and "Bot 1" are "Вы" and "Робот 1" in Russian; other names stay as they are."""
    english = messages.catalogue("en")
    named = []
    for player in map(Player.coerce, players):
        for key in DEFAULT_NAMES:
            pattern = re.escape(english.pattern(key)).replace(r"\{number\}", r"(\d+)")
            found = re.fullmatch(pattern, player.name)
            if found:
                number = {"number": int(found.group(1))} if found.groups() else {}
                player = replace(player, name=say(key, **number))
                break
        named.append(player)
    return tuple(named)


def seat_name(player, say: messages.Catalogue = ENGLISH) -> str:
    """The name shown for a seat: "Ann", "Robot", "Hal (robot)"."""
    return say("name.robot_seat", name=player.name) if unnamed_robot(player) else player.name


def percentages(chances, say: messages.Catalogue = ENGLISH) -> list[str]:
    """Chances (summing to 1) as whole percentages that add up to 100%: each rounded down,
    the points left over given to the largest remainders, equal chances alike (then the sum
    may fall short). A chance that is neither 0 nor 1 never reads as "0%" or "100%": it is
    "under 1%" or "over 99%"."""
    chances = [float(chance) for chance in chances]
    whole = [int(100 * chance) for chance in chances]
    left = 100 - sum(whole)
    alike: dict[float, list[int]] = {}
    for i, chance in enumerate(chances):
        alike.setdefault(chance, []).append(i)
    for chance, seats in sorted(alike.items(), key=lambda item: whole[item[1][0]] - 100 * item[0]):
        if 0 < len(seats) <= left and 100 * chance > whole[seats[0]]:
            left -= len(seats)
            for i in seats:
                whole[i] += 1
    return [
        say("percent.under_1")
        if 0 < chance and n < 1
        else say("percent.over_99")
        if chance < 1 and n > 99
        else f"{n}%"
        for chance, n in zip(chances, whole)
    ]
