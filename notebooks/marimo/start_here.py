"""Start here, as a marimo notebook: the three dice games to play, robots, and exact odds.

Open it with ``marimo edit notebooks/marimo/start_here.py`` (or run it as an app with
``marimo run notebooks/marimo/start_here.py``).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _(mo):
    mo.md(r"""
    # Start here: dice games in a notebook

    **dicelab** puts three dice games into a notebook: **Fivethousand**, **Thousand** and
    **Yahtzee**. You can play them right here by clicking, against friends or robots.
    Behind every game is an exact *rules engine*: a program that knows every rule and
    every score, and that can also tell you the exact **chance** of anything that can
    happen with the dice.

    That makes these games a good way to learn probability: you play, you wonder
    "was that bad luck, or a bad idea?", and the notebook gives you the exact answer.
    """)
    return


@app.cell
def _():
    import marimo as mo

    import dicelab
    from dicelab import fivethousand
    from dicelab.widgets import FivethousandGame, ThousandGame, YahtzeeGame

    mo.md(f"dicelab version {dicelab.__version__}")
    return (
        FivethousandGame,
        ThousandGame,
        YahtzeeGame,
        dicelab,
        fivethousand,
        mo,
    )


@app.cell
def _(mo):
    mo.md(r"""
    ## Play Fivethousand

    Six dice. Throw, put aside the dice that score (1s, 5s, three of a kind), and throw the
    rest again, or **PASS** to keep your points. If a throw has no scoring die at all, you
    lose the points of your turn. First to 5000 wins. You are Red; click the shaker to throw.
    """)
    return


@app.cell
def _(FivethousandGame, mo):
    fivethousand_game = mo.ui.anywidget(
        FivethousandGame(players=["Red", {"name": "Robot", "bot": "intelligent"}], seed=1))
    fivethousand_game
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## Play Thousand

    Five dice. The dice that score are set aside for you; you decide to throw again or to
    save. Reach **exactly** 1000. Careful: the "casks" at 0, 300 and 700 points make you
    keep throwing until you have enough to climb out.
    """)
    return


@app.cell
def _(ThousandGame, mo):
    thousand_game = mo.ui.anywidget(
        ThousandGame(players=["You", {"name": "Bot", "bot": "cask_aware"}], seed=1))
    thousand_game
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## Play Yahtzee

    Five dice, up to three rolls a turn. Hold the dice you like (click them) and roll the
    others. Then write the dice into one of the 13 boxes of your scorecard.
    """)
    return


@app.cell
def _(YahtzeeGame, mo):
    yahtzee_game = mo.ui.anywidget(
        YahtzeeGame(players=["You", {"name": "Robot", "bot": "greedy"}], seed=1))
    yahtzee_game
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## No clicking? Play with code

    Every game can also be played with Python commands. Here the robot plays a whole game
    of Fivethousand against itself in an instant; the same `seed` always gives the same dice.
    """)
    return


@app.cell
def _(fivethousand, mo):
    robots = fivethousand.Game(players=[{"name": "Robot A", "bot": "simple"},
                                        {"name": "Robot B", "bot": "intelligent"}], seed=7)
    robots.play_bots()
    mo.md(f"Final scores: {robots.scores}. Winner: "
          f"{', '.join(player.name for player in robots.winners)}. "
          f"The game took {len(robots.history)} moves.")
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## A first taste of exact odds

    With six dice in Fivethousand, how often does a throw score *nothing at all*?
    The answer is a fraction, computed exactly from all 6⁶ = 46 656 ways the dice can fall.
    """)
    return


@app.cell
def _(dicelab, mo):
    p = dicelab.odds.bust_probability("fivethousand", 6)
    mo.md(f"The chance that six dice score nothing is {p} ≈ {float(p):.2%}.")
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## Where to go next

    The Jupyter notebooks beside this folder go further: every scoring combination of
    Fivethousand (`01_fivethousand.ipynb`), Thousand's casks (`02_thousand.ipynb`), the
    13 boxes of Yahtzee (`03_yahtzee.ipynb`) and a probability lab
    (`04_probability_lab.ipynb`). `dicelab lab` opens them in JupyterLab.
    """)
    return


if __name__ == "__main__":
    app.run()
