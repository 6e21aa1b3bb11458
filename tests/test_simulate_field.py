"""A field of entrants in one seat: each game is played by its pairing's entrants exactly
as a run of that pairing alone plays it (the same game numbers, the same dice)."""

import numpy

from dicelab import simulate
from dicelab.simulate.field import FieldBot
from dicelab.strategy import StrategyBot, threshold

RULES = {"target": 1000}


def test_each_pairing_of_a_field_plays_as_it_does_alone():
    players = [StrategyBot(threshold(RULES, bank_at=250, name="a")), "intelligent", "simple"]
    half = 300
    field = [FieldBot(players, [0, 2], half), FieldBot(players, [1, 0], half)]
    run = simulate.games(rules=RULES, players=field, n=2 * half, seed=7, progress=False)
    alone = [
        simulate.games(
            rules=RULES, players=[players[0], players[1]], n=2 * half, seed=7, progress=False
        ),
        simulate.games(
            rules=RULES, players=[players[2], players[0]], n=2 * half, seed=7, progress=False
        ),
    ]
    for pairing, played in enumerate(alone):
        games = numpy.arange(pairing * half, (pairing + 1) * half)
        assert (run.scores[games] == played.scores[games]).all()
        assert (run.wins[games] == played.wins[games]).all()
