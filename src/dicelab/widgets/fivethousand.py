"""Fivethousand as one widget: the shaker, the thrown dice, the dice set aside, PASS.

After a throw the table proposes a set-aside (the coach's best while the coach is on, else
the most points now; see :mod:`~dicelab.widgets.proposal`): those dice stay out, every other
die goes back into the shaker, so throwing on or passing is one click. Clicking
a die sends it back into the shaker or takes it out again, and Take back undoes the last
such click. Clicking the shaker sets aside the dice left out and throws the rest; PASS sets
them aside and banks the turn. Which dice went back is the controller's selection, checked
with the engine before anything is played, so a refused click changes nothing.
"""

from __future__ import annotations

from functools import partial

from dicelab import fivethousand
from dicelab.coach import FivethousandCoach
from dicelab.dice import remove
from dicelab.errors import IllegalMoveError
from dicelab.fivethousand import Bank, SetAside, Throw
from dicelab.messages import Said
from dicelab.widgets.buttons import Button
from dicelab.widgets.colours import css_colour, ink
from dicelab.widgets.components import DiceTray, MalformedIntent
from dicelab.widgets.components.scoreboard import Scoreboard
from dicelab.widgets.components.shaker import Shaker
from dicelab.widgets.controller import GameController
from dicelab.widgets.phrasing import seat_name
from dicelab.widgets.picks import Picks
from dicelab.widgets.proposal import proposal, restated
from dicelab.widgets.win_chances import BySeats, ExactForTwo, PairwiseEstimate

BIG_BANK = 1000  # a bank this big stays on the table until its player goes on


class FivethousandGame(GameController):
    """Fivethousand for 1 to 6 players, humans or robots, in a notebook.

    ``FivethousandGame()`` starts at once: you, Red, against the intelligent robot, with the
    shaker ready (New game opens the setup screen);
    ``FivethousandGame(players=["Ann", {"name": "Robot", "bot": "simple"}], rules="farkle",
    seed=7)`` starts at once. ``.game`` is the :class:`dicelab.fivethousand.Game` being
    played. After a throw a set-aside is proposed: the coach's best while the coach is on, else
    the most points now. Keys: T throws, 1-6 send a
    thrown die back or take it out, U takes the last die click back, P passes, K toggles
    the coach (``coach=True`` starts with it on), W toggles each seat's chance to win
    (``chances=True`` shows it from the start).
    """

    Game = fivethousand.Game
    Coach = FivethousandCoach
    CHANCES = BySeats(ExactForTwo("fivethousand"), PairwiseEstimate())
    NAME = "fivethousand"
    STARTS_AT_ONCE = True
    HELP = "fivethousand.keys"
    COMPONENTS = GameController.COMPONENTS + ("scoreboard", "shaker", "dice")

    def build(self) -> None:
        self._back = Picks()  # positions in the last throw sent back into the shaker
        self.scoreboard = Scoreboard()
        self.shaker = Shaker(key="t")
        self.tray = DiceTray()
        self.kept_tray = DiceTray("kept")
        self.listen(self.shaker, shake=self.shake)
        self.listen(self.tray, toggle=self.toggle)
        self.listen(self.kept_tray, toggle=self._toggle_set_aside)

    # --- what a player does ---------------------------------------------------------------
    def toggle(self, die: int) -> None:
        """Send thrown die ``die`` (0-5) back into the shaker, or take it out again."""
        self.human_turn()
        throw = self._game.state.throw
        if not throw:
            raise IllegalMoveError(Said("refusal.no_dice_on_table"))
        if not 0 <= die < len(throw):
            raise MalformedIntent(f"There is no thrown die number {die + 1}.")
        self._back.flip(die)
        self._status = self._selection_sentence()

    def take_back(self) -> None:
        """Undo the last die click since the throw (refused when there is none)."""
        self.human_turn()
        self._back.take_back()
        self._status = self._selection_sentence()

    def shake(self) -> None:
        """Set aside the dice left out and throw the rest (all six in a bonus round)."""
        actions = self._shake_actions()
        self._check(actions)
        self._play_all(actions)

    def pass_turn(self) -> None:
        """PASS: set aside the dice left out and bank the turn's points."""
        actions = self._pass_actions()
        self._check(actions)
        self._play_all(actions)

    def _toggle_set_aside(self, die: int) -> None:
        self.human_turn()
        raise IllegalMoveError(Said("refusal.aside_stay_out"))

    # --- the dice left out and the actions they make ----------------------------------------
    def dice_out(self) -> tuple:
        """The thrown dice not sent back into the shaker."""
        throw = self._game.state.throw
        return tuple(face for i, face in enumerate(throw) if i not in self.back)

    def _shake_actions(self) -> list:
        state = self._game.state
        if state.phase != "choose":
            return [Throw()]
        aside = SetAside(self.dice_out())
        if len(self.back) == 0 and len(state.throw) == state.dice_left:
            return [aside]  # every die scores: the bonus round is announced before its throw
        return [aside, Throw()]

    def _pass_actions(self) -> list:
        if self._game.state.phase == "choose":
            return [SetAside(self.dice_out()), Bank()]
        return [Bank()]

    def _check(self, actions) -> None:
        """IllegalMoveError unless the human to move may play ``actions`` one after another."""
        self.human_turn()
        self._check_rules(actions)

    def _check_rules(self, actions) -> None:
        """IllegalMoveError unless the rules let the player to move play ``actions``."""
        state, engine = self._game.state, self._game.engine
        for action in actions:
            if isinstance(action, SetAside):
                engine.check_keep(state.throw, action.dice)
            state = engine.apply(state, action)

    def _why_not(self, actions) -> str:
        try:
            self._check(actions)
        except IllegalMoveError as reason:
            return self.said(reason)
        return ""

    def _play_all(self, actions) -> None:
        said = []
        for action in actions:
            self._play(action)
            said.append(self._status)
        self._status = " ".join(said)

    # --- the controller's extension points --------------------------------------------------
    def play_buttons(self) -> list[Button]:
        actions = self._pass_actions()
        reason = self._why_not(actions)
        points = self._game.state.turn_points
        if not reason and isinstance(actions[0], SetAside):
            points += self._game.engine.table.score(actions[0].dice)
        word = self.say("button.pass")
        label = self.say("button.pass_aria", points=self.say.count(points, "point"))
        return [
            Button(
                "pass", word, self.pass_turn, word if reason else label, not reason, reason, "p"
            ),
            self._take_back_button(self.take_back),
        ]

    def shortcuts(self) -> dict:
        keys = super().shortcuts()
        if self.phase == "play":
            keys["t"] = self.shake
            keys.update({str(die + 1): partial(self.toggle, die) for die in range(self.rules.dice)})
        return keys

    def areas(self) -> tuple[dict, str]:
        """The controls (and the ranking at the end) and the scoreboard, with the shaker
        beside the thrown dice and the dice set aside."""
        play = super().areas()[0]["play"] + [self.scoreboard]
        if self.phase == "over":
            return {"play": play}, "stack"
        return {
            "play": play,
            "shaker": [self.shaker],
            "table": [self.tray, self.kept_tray],
        }, "table"

    @property
    def back(self) -> frozenset:
        """The positions in the last throw sent back into the shaker."""
        return self._back.now

    @back.setter
    def back(self, positions) -> None:
        self._back.propose(positions)

    def after(self, event) -> None:
        self.propose()

    def selection(self) -> Picks:
        return self._back

    def propose(self) -> None:
        """Send back into the shaker every die of the throw but those the table proposes to
        set aside (see :mod:`~dicelab.widgets.proposal`; none when there is no throw)."""
        proposed = proposal(self)
        throw = self._game.state.throw
        self.back = _positions_left(throw, proposed.dice) if proposed else frozenset()
        self._status = restated(self._status, proposed, self.say)

    def bot_step(self) -> None:
        """A robot first shows which dice it sends back, then sets the others aside."""
        action = self._game.bot_action()
        if isinstance(action, SetAside) and self.dice_out() != action.dice:
            self.back = _positions_left(self._game.state.throw, action.dice)
            self._status = self._selection_sentence()
        else:
            self._play(action)

    def describe(self, event, before) -> str:
        name, say = self._game.players[event.player].name, self.say
        action, state = event.action, self._game.state
        if isinstance(action, Throw):
            if "bust" in state.news:
                thrown = say("fivethousand.throws", who=name, dice=_faces(event.dice))
                text = f"{thrown} {self._farkle(name, before)}"
            else:  # in the order of the dice on the table
                text = say("fivethousand.throws", who=name, dice=_faces(state.throw))
                proposed = proposal(self)
                if proposed and not self._game.players[event.player].is_bot:
                    text += " " + proposed.sentence(say)
        elif isinstance(action, SetAside):
            points = self._game.engine.table.score(action.dice)
            turn = before.turn_points + points
            text = say(
                "fivethousand.sets_aside",
                who=name,
                dice=_faces(action.dice),
                points=say.count(points, "point"),
                turn=turn,
            )
            if "burned" in state.news:
                text += " " + say(
                    "fivethousand.burned", target=self.rules.target, points=say.count(turn, "point")
                )
            elif "exact_win" in state.news:
                text += " " + say("fivethousand.exact_win", who=name, target=self.rules.target)
            elif "hot_dice" in state.news:
                text += " " + say("fivethousand.hot_dice", n=self.rules.dice)
        else:
            text = say(
                "fivethousand.passes",
                who=name,
                points=before.turn_points,
                score=state.scores[event.player],
            )
        return text + self._turn_news(event.player)

    def log_entry(self, event, before) -> tuple[tuple, str]:
        action, news = event.action, self._game.state.news
        if isinstance(action, Throw):
            return (event.dice, "farkle") if "bust" in news else (self._game.state.throw, "")
        if isinstance(action, SetAside):
            return action.dice, "burn" if "burned" in news else ""
        return (), "big" if before.turn_points >= BIG_BANK else "bank"

    def _farkle(self, name: str, before) -> str:
        kept, say = self._game.engine.points_kept_on_bust(before), self.say
        if kept:
            banks = say.count(kept, "point")
            if before.round_points:
                lost = say.count(before.round_points, "point")
                return say("fivethousand.bonus_farkle_loses", who=name, lost=lost, kept=banks)
            return say("fivethousand.bonus_farkle", who=name, kept=banks)
        if not before.turn_points:
            return say("fivethousand.farkle_turn_ends")
        return say("fivethousand.farkle", who=name, lost=say.count(before.turn_points, "point"))

    def _turn_news(self, player: int) -> str:
        state, players, say = self._game.state, self._game.players, self.say
        text = ""
        if "final_round" in state.news and state.final_turns:
            names = [players[i].name for i in state.final_turns]
            others = say.names(names)
            key = "fivethousand.last_turn_one" if len(names) == 1 else "fivethousand.last_turn"
            last = say(key, who=names[0], names=others)
            score, target = state.scores[player], self.rules.target
            reached = "fivethousand.reached" if score == target else "fivethousand.reached_past"
            text += " " + say(
                reached, who=players[player].name, target=target, score=score, last=last
            )
        if self._game.engine.in_final_turn(state) and state.phase == "throw":
            who = players[state.player].name
            text += " " + say("fivethousand.final_turn", who=who, score=max(state.scores))
        elif state.phase == "throw" and not state.is_over:
            text += " " + say.sentence(say("table.turn_of", who=players[state.player].name))
        return text

    # --- drawing ------------------------------------------------------------------------------
    def render_board(self) -> None:
        game = self._game
        state = game.state
        self.scoreboard.draw(
            caption=self.say(
                "fivethousand.rules",
                preset=self.rules.preset_name or self.say("setup.custom"),
                target=self.rules.target,
            ),
            players=self._board_players(),
        )
        if game.is_over:
            return
        throws = sum(isinstance(event.action, Throw) for event in game.history)
        reason = self._why_not(self._shake_actions())
        in_cup = state.dice_left if state.phase != "choose" else len(self.back)
        self.shaker.draw(
            dice=in_cup,
            enabled=not reason,
            reason=reason,
            throw=throws,
            caption=self._shaker_caption(),
            label=self._shaker_label(in_cup),
            text=self._shaker_text(in_cup),
        )
        self.tray.draw(
            dice=self._thrown_dice(),
            throw=throws,
            label=self.say("fivethousand.thrown_by", who=game.current_player.name),
        )
        self.kept_tray.draw(
            dice=[
                {
                    "face": face,
                    "held": False,
                    "kept": True,
                    "rolled": False,
                    "selectable": False,
                    "tag": self.say("dice.tag_aside"),
                    "key": "",
                    "look": "aside",
                    "label": self.say("fivethousand.die_aside", face=face),
                }
                for face in state.kept
            ],
            throw=throws,
            label=self.say("fivethousand.aside_this_round"),
        )

    def _board_players(self) -> list:
        game, state = self._game, self._game.state
        winners = game.winners
        players = []
        for i, player in enumerate(game.players):
            current = i == state.player and not game.is_over
            note = (
                self.say("fivethousand.note_winner")
                if player in winners
                else self.say("fivethousand.note_last_turn")
                if state.final_turns and i in state.final_turns
                else ""
            )
            players.append(
                {
                    "name": seat_name(player, self.say),
                    "colour": css_colour(player.colour),
                    "ink": ink(player.colour),
                    "current": current,
                    "note": note,
                    "numbers": self._numbers(i if current else None, state.scores[i]),
                }
            )
        return players

    def pending_points(self) -> int:
        """The points of the dice left out of the last throw, not set aside yet (0 if they
        don't all score)."""
        state = self._game.state
        out = self.dice_out() if state.phase == "choose" else ()
        return (self._game.engine.table.score(out) or 0) if out else 0

    def _numbers(self, player: int | None, banked: int) -> list:
        """A seat's numbers, the same three rows for every seat (a dash where they don't apply):
        the turn's points with the dice left out now, the banked score, and where the player
        to move (``player``, None for the others) would stand if they passed now."""
        turn = stop = "–"
        if player is not None:
            turn = self._game.state.turn_points + self.pending_points()
            try:
                self._check_rules(self._pass_actions())
            except IllegalMoveError:
                pass
            else:
                stop = banked + turn
        return [
            {"label": self.say("fivethousand.this_turn"), "value": turn},
            {"label": self.say("fivethousand.banked"), "value": banked},
            {"label": self.say("fivethousand.stop_now"), "value": stop},
        ]

    def _thrown_dice(self) -> list:
        state = self._game.state
        last = self._game.history[-1] if self._game.history else None
        if state.phase == "throw" and last is not None and isinstance(last.action, Throw):
            if not self.shows_ended_turn(last.player):
                return []
            return [
                {
                    "face": face,
                    "held": False,
                    "kept": True,
                    "rolled": True,
                    "selectable": False,
                    "tag": self.say("fivethousand.tag_farkle"),
                    "label": self.say("fivethousand.die_no_score", number=i + 1, face=face),
                    "key": "",
                    "look": "farkle",
                }
                for i, face in enumerate(last.dice)
            ]
        selectable = self.refusal() is None
        dice = []
        for i, face in enumerate(state.throw):
            back = i in self.back
            where = "back" if back else "out"
            dice.append(
                {
                    "face": face,
                    "held": not back,
                    "kept": back,
                    "rolled": True,
                    "selectable": selectable,
                    "tag": self.say(f"fivethousand.tag_{where}"),
                    "look": "shaker" if back else "out",
                    "label": self.say(f"fivethousand.die_{where}", number=i + 1, face=face),
                    "key": str(i + 1),
                }
            )
        return dice

    def _shaker_caption(self) -> str:
        state, say = self._game.state, self.say
        if state.phase != "choose":
            return say("button.throw", dice=say.count(state.dice_left, "die"))
        out = self.dice_out()
        points = self._game.engine.table.score(out) if out else None
        if points is None:
            return say("fivethousand.scoring_only")
        if not self.back:
            return say("fivethousand.aside_bonus", points=points)
        return say("fivethousand.aside_throw", points=points, dice=say.count(len(self.back), "die"))

    def _shaker_text(self, in_cup: int) -> str:
        """What the shaker says: the dice it throws, or, when every die is left out, that
        it only sets them aside (a bonus round follows when they all score)."""
        if self._game.state.phase == "choose" and not self.back:
            if self._game.engine.table.score(self.dice_out()) is None:
                return self.say("fivethousand.shaker_empty")
            return self.say("fivethousand.shaker_bonus")
        return self.say("fivethousand.shaker_throw", dice=self.say.count(in_cup, "die"))

    def _shaker_label(self, in_cup: int) -> str:
        text = self._shaker_text(in_cup)
        if self._game.state.phase == "choose" and self.back:
            return self.say("fivethousand.shaker_setting_aside", shaker=text)
        if self._game.state.phase == "choose" and self._game.engine.table.score(self.dice_out()):
            return self.say("fivethousand.shaker_every_die", shaker=text)
        return text

    def _selection_sentence(self) -> str:
        out, say = self.dice_out(), self.say
        name = self._game.current_player.name
        back = remove(self._game.state.throw, out)
        nothing = say("fivethousand.nothing")
        text = say(
            "fivethousand.leaves_out",
            who=name,
            out=_faces(out) if out else nothing,
            back=_faces(back) if back else nothing,
        )
        try:
            self._game.engine.check_keep(self._game.state.throw, out)
        except IllegalMoveError as refusal:
            return f"{text}: {self.said(refusal)}."
        return f"{text}: {say.count(self._game.engine.table.score(out), 'point')}."


def _positions_left(throw: tuple, dice: tuple) -> frozenset:
    """The positions in ``throw`` of the dice that are not in ``dice`` (a part of it)."""
    unmatched = list(dice)
    left = set()
    for position, face in enumerate(throw):
        if face in unmatched:
            unmatched.remove(face)
        else:
            left.add(position)
    return frozenset(left)


def _faces(dice) -> str:
    return ", ".join(map(str, dice))
