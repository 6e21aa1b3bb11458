"""Environments for reinforcement learning over the exact rules engines (the ``rl`` extra).

- :class:`YahtzeeEnv`: solitaire Yahtzee for Gymnasium (``dicelab/Yahtzee-v0``);
- :class:`FivethousandAEC`, :class:`ThousandAEC`, :class:`YahtzeeAEC`: PettingZoo AEC
  environments for any number of seats (``aec_env(game, players=...)`` picks one by name).

Every environment numbers its decisions in one fixed discrete action space
(:mod:`dicelab.rl.actions`) and masks the illegal ones; the dice are seeded by ``reset``.
"""

from dicelab.lazy import lazy_names

__all__ = ["DiceGameAEC", "FivethousandAEC", "ThousandAEC", "YahtzeeAEC", "YahtzeeEnv", "aec_env"]
__getattr__ = lazy_names(
    __name__,
    {
        "YahtzeeEnv": "yahtzee_env",
        "DiceGameAEC": "aec",
        "FivethousandAEC": "aec",
        "ThousandAEC": "aec",
        "YahtzeeAEC": "aec",
        "aec_env": "aec",
    },
)
