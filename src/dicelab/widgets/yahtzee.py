"""Yahtzee as one widget: the dice tray, the scorecard, Roll and Confirm."""

from __future__ import annotations

from functools import partial

from dicelab import validation, yahtzee
from dicelab.coach import YahtzeeCoach
from dicelab.errors import IllegalMoveError
from dicelab.messages import Said
from dicelab.widgets.buttons import Button
from dicelab.widgets.colours import css_colour, ink
from dicelab.widgets.components import DiceTray, MalformedIntent, Scorecard
from dicelab.widgets.controller import GameController
from dicelab.widgets.win_chances import YahtzeeEstimate
from dicelab.yahtzee import Hold, Release, Roll, Score
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
            owned = Said("yahtzee.owned_by", who=owner)
            raise IllegalMoveError(Said("refusal.other_column", who=mover, owner=owned))
        filled, box = game.state.card.boxes, Said(f"box.{row}")
        if row in filled:
            raise IllegalMoveError(
                Said("refusal.box_filled", who=mover, box=box, points=filled[row])
            )
        points = self.say.count(game.preview(row), "point")
        self.selected = row
        self._status = self.say("yahtzee.would_score", who=mover, box=self._box(row), points=points)

    def _box(self, box: str) -> str:
        """The name of ``box`` in the table's language."""
        return self.say(f"box.{box}")

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
            return self.say("refusal.roll_then_choose")
        return self.say("refusal.choose_first")

    # --- the controller's extension points --------------------------------------------------
    def play_buttons(self) -> list[Button]:
        left = self.rules.rolls - self._game.state.rolls_used
        rolls = self.say("button.roll", rolls=self.say.count(left, "roll"))
        roll = self.refusal(Roll())
        confirm: str | None
        if self.selected is None:
            confirm = self.refusal() or self._no_box_reason()
        else:
            confirm = self.refusal(Score(self.selected))
        box = self._box(self.selected) if self.selected else self.say("yahtzee.chosen_box")
        return [
            Button("roll", rolls, self.roll, rolls, roll is None, roll or "", "r", tone="roll"),
            Button(
                "confirm",
                self.say("button.confirm"),
                self.confirm,
                self.say("button.confirm_aria", box=box),
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
        points = self.say.count(self._game.preview(box), "point")
        self._status = self.say(
            "yahtzee.chooses", who=player.name, box=self._box(box), points=points
        )

    def describe(self, event, before) -> str:
        name, say = self._game.players[event.player].name, self.say
        action = event.action
        if isinstance(action, Roll):
            left = self.rules.rolls - self._game.state.rolls_used
            after = (
                say("yahtzee.left", rolls=say.count(left, "roll"))
                if left
                else say("yahtzee.now_choose")
            )
            dice = ", ".join(map(str, self._game.state.dice))
            return say("yahtzee.rolled", who=name, dice=dice, after=after)
        if isinstance(action, (Hold, Release)):
            key = "yahtzee.holds" if isinstance(action, Hold) else "yahtzee.releases"
            return say(key, who=name, number=action.die + 1, face=before.dice[action.die])
        card, earlier = self._game.state.cards[event.player], before.cards[event.player]
        bonus = (card.yahtzee_bonuses - earlier.yahtzee_bonuses) * self.rules.yahtzee_bonus
        return say(
            "yahtzee.scores_bonus" if bonus else "yahtzee.scores",
            who=name,
            points=card.boxes[action.box],
            box=self._box(action.box),
            bonus=bonus,
        )

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
        who = game.current_player.name
        self.tray.draw(dice=self._dice(), throw=throws, label=self.say("dice.of", who=who))
        self.scorecard.draw(
            caption=self.say(
                "yahtzee.scorecard", preset=self.rules.preset_name or self.say("setup.custom")
            ),
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
                label = self.say("yahtzee.die_not_rolled", number=die + 1)
            else:
                key = "yahtzee.die_held" if held else "yahtzee.die"
                label = self.say(key, number=die + 1, face=face)
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
                    "label": self._box(box),
                    "total": False,
                    "cells": [self._cell(i, box) for i in range(len(cards))],
                }
            )
            if box == last_upper:
                rows.append(self._upper_total(cards))
                bonus = self.say(
                    "yahtzee.upper_bonus",
                    bonus=rules.upper_bonus,
                    threshold=rules.upper_bonus_threshold,
                )
                rows.append(
                    self._total("upper_bonus", bonus, [self._bonus(card) for card in cards])
                )
        if rules.yahtzee_bonus:
            rows.append(
                self._total(
                    "yahtzee_bonus",
                    self.say("yahtzee.yahtzee_bonus"),
                    [c.yahtzee_bonuses * rules.yahtzee_bonus or "" for c in cards],
                )
            )
        total = self.say("yahtzee.total")
        rows.append(self._total("total", total, [c.total(rules) for c in cards]))
        return rows

    def _upper_total(self, cards) -> dict:
        """The upper total as progress towards the bonus: "40 / 63" until it is decided."""
        upper = self.say("yahtzee.upper_total")
        rules, row = self.rules, self._total("upper", upper, [c.upper_total() for c in cards])
        threshold = rules.upper_bonus_threshold
        for cell, card in zip(row["cells"], cards):
            if rules.upper_bonus and not self._upper_done(card):
                cell["text"] = f"{card.upper_total()} / {threshold}"
                cell["label"] = self.say(
                    "yahtzee.upper_progress",
                    text=cell["text"],
                    total=card.upper_total(),
                    threshold=threshold,
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
        name, title = game.players[player].name, self._box(box)
        filled = game.state.cards[player].boxes
        playing = not game.is_over and not game.current_player.is_bot
        if box in filled:
            return {
                "text": str(filled[box]),
                "button": playing,
                "enabled": False,
                "chosen": False,
                "label": self.say("yahtzee.cell_scored", points=filled[box], box=title, name=name),
            }
        to_move = player == game.state.player and not game.is_over
        chosen = to_move and box == self.selected
        scorable = to_move and game.state.rolls_used > 0 and self._rules_allow(box)
        text = str(game.preview(box)) if scorable else ""
        # A spoken name begins with the text shown (WCAG 2.5.3, label in name).
        key = "yahtzee.cell_chosen" if chosen else "yahtzee.cell_preview"
        label = self.say(
            key if scorable else "yahtzee.cell_open", points=text, box=title, name=name
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

    def _total(self, key: str, label: str, values: list) -> dict:
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
                    "label": self.say("yahtzee.total_cell", value=v, label=label)
                    if v != ""
                    else self.say("yahtzee.total_zero", label=label),
                }
                for v in values
            ],
        }
