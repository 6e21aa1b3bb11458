"""Yahtzee as one widget: the dice tray, the scorecard, Roll and Confirm."""

from __future__ import annotations

from functools import partial

from dicelab import validation, yahtzee
from dicelab.coach import YahtzeeCoach
from dicelab.errors import IllegalMoveError
from dicelab.widgets.buttons import Button
from dicelab.widgets.colours import css_colour, ink
from dicelab.widgets.components import DiceTray, MalformedIntent, Scorecard
from dicelab.widgets.controller import GameController
from dicelab.widgets.phrasing import count, owned_by, says, whom, whose
from dicelab.widgets.win_chances import YahtzeeEstimate
from dicelab.yahtzee import BOX_TITLES, Hold, Release, Roll, Score
from dicelab.yahtzee.scoring import upper_bonus


class YahtzeeGame(GameController):
    """Yahtzee for 1 to 8 players, humans or bots, in a notebook.

    ``YahtzeeGame()`` opens the setup screen; ``YahtzeeGame(players=["Ann", {"name": "Robo",
    "bot": "greedy"}], rules="hasbro", seed=7)`` starts at once. ``.game`` is the
    :class:`dicelab.yahtzee.Game` being played. Keys: 1-5 hold or release a die, R rolls,
    C confirms the chosen box, K toggles the coach (``coach=True`` starts with it on), W toggles
    each seat's chance to win (``chances=True`` shows it from the start).
    """

    Game = yahtzee.Game
    Coach = YahtzeeCoach
    CHANCES = YahtzeeEstimate()
    NAME = "yahtzee"
    COLOURS = yahtzee.COLOURS
    SETUP_PLAYERS = (None, None)
    HELP = "yahtzee.keys"
    COMPONENTS = GameController.COMPONENTS + ("dice", "scorecard")

    def build(self) -> None:
        self.selected: str | None = (
            None  # the box chosen for a preview, until Confirm or the next roll
        )
        self.tray = DiceTray()
        self.scorecard = Scorecard()
        self.listen(self.tray, toggle=self.toggle)
        self.listen(self.scorecard, select=self.select, score=self.select_and_score)

    # --- what a player does ---------------------------------------------------------------
    def roll(self) -> None:
        """Roll the dice that are not held."""
        self.play(Roll())

    def toggle(self, die: int) -> None:
        """Hold die ``die`` (0-4), or release it when it is held."""
        self.human_turn()
        held = self._game.state.held
        validation.die_index(die, len(held), error=MalformedIntent, counted_from=1)  # as shown
        self.play(Release(die) if held[die] else Hold(die))

    def select(self, column: int, row: str) -> None:
        """Choose box ``row`` of player ``column`` and show what it would score."""
        self.human_turn()
        game = self._game
        if not 0 <= column < len(game.players):
            raise MalformedIntent(f"There is no scorecard column {column + 1}.")
        if row not in self.rules.boxes:
            raise MalformedIntent(f"There is no box called {validation.shown(row)}.")
        mover, owner = game.current_player.name, game.players[column].name
        if column != game.state.player:
            raise IllegalMoveError(
                f"it is {whose(mover)} turn: choose a box in {whose(mover)} "
                f"column, not {owned_by(owner)}"
            )
        filled = game.state.card.boxes
        if row in filled:
            raise IllegalMoveError(
                f"{BOX_TITLES[row]} is already filled on {whose(mover)} card "
                f"(with {filled[row]}): choose an empty box"
            )
        points = game.preview(row)
        self.selected = row
        self._status = (
            f"{BOX_TITLES[row]} would score {count(points, 'point')} for "
            f"{whom(mover)}. Press Confirm to score it."
        )

    def select_and_score(self, column: int, row: str) -> None:
        """Choose box ``row`` of player ``column`` and score it at once (a double click)."""
        self.select(column, row)
        self.confirm()

    def confirm(self) -> None:
        """Score the chosen box."""
        self.play(Score(self.selected)) if self.selected else self._no_box_yet()

    def _no_box_yet(self) -> None:
        self.human_turn()
        raise IllegalMoveError(self._no_box_reason())

    def _no_box_reason(self) -> str:
        if not self._game.state.rolls_used:
            return "roll the dice first, then choose a box on the scorecard"
        return "choose a box on the scorecard first"

    # --- the controller's extension points --------------------------------------------------
    def play_buttons(self) -> list[Button]:
        left = self.rules.rolls - self._game.state.rolls_used
        rolls = f"Roll the dice, {count(left, 'roll')} left"
        roll = self.refusal(Roll())
        confirm: str | None
        if self.selected is None:
            confirm = self.refusal() or self._no_box_reason()
        else:
            confirm = self.refusal(Score(self.selected))
        box = BOX_TITLES[self.selected] if self.selected else "the chosen box"
        return [
            Button("roll", rolls, self.roll, rolls, roll is None, roll or "", "r", tone="roll"),
            Button(
                "confirm",
                "Confirm",
                self.confirm,
                f"Confirm: score {box}",
                confirm is None,
                confirm or "",
                "c",
                tone="confirm",
            ),
        ]

    def shortcuts(self) -> dict:
        keys = super().shortcuts()
        if self.phase == "play":
            keys.update({str(die + 1): partial(self.toggle, die) for die in range(5)})
        return keys

    def areas(self) -> tuple[dict, str]:
        """The controls and the dice (or the ranking) beside the scorecard."""
        play = super().areas()[0]["play"] + ([] if self.phase == "over" else [self.tray])
        return {"play": play, "board": [self.scorecard]}, "columns"

    def after(self, event) -> None:
        if event is None or isinstance(event.action, (Roll, Score)):
            self.selected = None

    def bot_step(self) -> None:
        """A bot first shows the box it chose, then scores it at its next step."""
        action = self._game.bot_action()
        if isinstance(action, Score) and self.selected != action.box:
            self._show_bot_choice(action.box)
        else:
            self._play(action)

    def _show_bot_choice(self, box: str) -> None:
        player = self._game.current_player
        self.selected = box
        self._status = (
            f"{says(player.name, 'chooses')} {BOX_TITLES[box]} "
            f"({count(self._game.preview(box), 'point')})."
        )

    def describe(self, event, before) -> str:
        name = self._game.players[event.player].name
        action = event.action
        if isinstance(action, Roll):
            left = self.rules.rolls - self._game.state.rolls_used
            after = f"{count(left, 'roll')} left" if left else "now choose a box"
            dice = ", ".join(map(str, self._game.state.dice))
            return f"{says(name, 'rolled')}: {dice}; {after}."
        if isinstance(action, (Hold, Release)):
            verb = "holds" if isinstance(action, Hold) else "releases"
            return f"{says(name, verb)} die {action.die + 1} (a {before.dice[action.die]})."
        card, earlier = self._game.state.cards[event.player], before.cards[event.player]
        text = f"{says(name, 'scores')} {card.boxes[action.box]} in {BOX_TITLES[action.box]}"
        bonus = (card.yahtzee_bonuses - earlier.yahtzee_bonuses) * self.rules.yahtzee_bonus
        return text + (f" and a Yahtzee bonus of {bonus}." if bonus else ".")

    def moment(self, event, before, mark: str) -> str:
        """A win, a Yahtzee scored in its box, or a bonus earned (the upper or a Yahtzee bonus)."""
        if mark == "win" or not isinstance(event.action, Score):
            return "win" if mark == "win" else ""
        if mark == "big":
            return "yahtzee"
        card, earlier = self._game.state.cards[event.player], before.cards[event.player]
        upper = upper_bonus(self.rules, card.boxes) > upper_bonus(self.rules, earlier.boxes)
        return "bonus" if upper or card.yahtzee_bonuses > earlier.yahtzee_bonuses else ""

    def log_entry(self, event, before) -> tuple[tuple, str]:
        action = event.action
        if isinstance(action, Roll):
            return self._game.state.dice, ""
        if isinstance(action, (Hold, Release)):
            return (before.dice[action.die],), ""
        points = self._game.state.cards[event.player].boxes[action.box]
        return before.dice, "big" if action.box == "yahtzee" and points else "score"

    # --- drawing ------------------------------------------------------------------------------
    def render_board(self) -> None:
        game = self._game
        throws = sum(isinstance(event.action, Roll) for event in game.history)
        self.tray.draw(dice=self._dice(), throw=throws, label=f"Dice of {game.current_player.name}")
        self.scorecard.draw(
            caption=f"Scorecard ({self.rules.preset_name or 'custom'} rules)",
            columns=[
                {
                    "name": p.name,
                    "colour": css_colour(p.colour),
                    "ink": ink(p.colour),
                    "current": i == game.state.player and not game.is_over,
                }
                for i, p in enumerate(game.players)
            ],
            rows=self._rows(),
        )

    def _dice(self) -> list:
        state = self._game.state
        dice = []
        for die, held in enumerate(state.held):
            face = state.dice[die] if state.dice else None
            if face is None:
                label = f"die {die + 1}, not rolled yet"
            else:
                label = f"die {die + 1} showing {face}" + (", held" if held else "")
            dice.append(
                {
                    "face": face,
                    "held": held,
                    "kept": False,
                    "rolled": not held,
                    "selectable": self.refusal(Release(die) if held else Hold(die)) is None,
                    "label": label,
                    "key": str(die + 1),
                }
            )
        return dice

    def _rows(self) -> list:
        rules, cards = self.rules, self._game.state.cards
        last_upper = rules.upper_boxes[-1] if rules.upper_boxes else None
        rows = []
        for box in rules.boxes:
            rows.append(
                {
                    "key": box,
                    "label": BOX_TITLES[box],
                    "total": False,
                    "cells": [self._cell(i, box) for i in range(len(cards))],
                }
            )
            if box == last_upper:
                rows.append(self._upper_total(cards))
                rows.append(
                    _total(
                        "upper_bonus",
                        f"Bonus ({rules.upper_bonus} at {rules.upper_bonus_threshold})",
                        [self._bonus(card) for card in cards],
                    )
                )
        if rules.yahtzee_bonus:
            rows.append(
                _total(
                    "yahtzee_bonus",
                    "Yahtzee bonus",
                    [c.yahtzee_bonuses * rules.yahtzee_bonus or "" for c in cards],
                )
            )
        rows.append(_total("total", "Total", [c.total(rules) for c in cards]))
        return rows

    def _upper_total(self, cards) -> dict:
        """The upper total as progress towards the bonus: "40 / 63" until it is decided."""
        rules, row = self.rules, _total("upper", "Upper total", [c.upper_total() for c in cards])
        threshold = rules.upper_bonus_threshold
        for cell, card in zip(row["cells"], cards):
            if rules.upper_bonus and not self._upper_done(card):
                cell["text"] = f"{card.upper_total()} / {threshold}"
                cell["label"] = (
                    f"{cell['text']}, upper total: {card.upper_total()} of the "
                    f"{threshold} for the bonus"
                )
        return row

    def _upper_done(self, card) -> bool:
        return self._game.is_over or all(box in card.boxes for box in self.rules.upper_boxes)

    def _bonus(self, card):
        """The upper bonus won, 0 once it is missed for good, blank while it is open."""
        won = upper_bonus(self.rules, card.boxes)
        return won if won or self._upper_done(card) else ""

    def _cell(self, player: int, box: str) -> dict:
        """A box of the scorecard: every box is a button, so a refused click can say why."""
        game = self._game
        name, title = game.players[player].name, BOX_TITLES[box]
        filled = game.state.cards[player].boxes
        playing = not game.is_over and not game.current_player.is_bot
        if box in filled:
            return {
                "text": str(filled[box]),
                "button": playing,
                "enabled": False,
                "chosen": False,
                "label": f"{filled[box]} scored in {title} for {name}",
            }
        to_move = player == game.state.player and not game.is_over
        chosen = to_move and box == self.selected
        scorable = to_move and game.state.rolls_used > 0 and self._rules_allow(box)
        text = str(game.preview(box)) if scorable else ""
        # A spoken name begins with the text shown (WCAG 2.5.3, label in name).
        label = (
            f"{text} would score in {title} for {name}" + (", chosen" if chosen else "")
            if scorable
            else f"{title} for {name}: open"
        )
        return {
            "text": text,
            "button": playing,
            "enabled": to_move and self.refusal(Score(box)) is None,
            "chosen": chosen,
            "preview": scorable,
            "label": label,
        }

    def _rules_allow(self, box: str) -> bool:
        """Whether the rules let the player to move score ``box`` now (a bot's turn too)."""
        try:
            self._game.engine.apply(self._game.state, Score(box))
        except IllegalMoveError:
            return False
        return True


def _total(key: str, label: str, values: list) -> dict:
    return {
        "key": key,
        "label": label,
        "total": True,
        "cells": [
            {
                "text": str(v),
                "button": False,
                "enabled": False,
                "chosen": False,
                "label": f"{v}, {label}" if v != "" else f"{label}: 0",
            }
            for v in values
        ],
    }
