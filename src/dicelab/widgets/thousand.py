"""Thousand as one widget: the dice tray, the cask scales, Throw and Save."""

from __future__ import annotations

from functools import partial

from dicelab import thousand
from dicelab.coach import ThousandCoach
from dicelab.errors import IllegalMoveError, InvalidInputError
from dicelab.thousand import Bank, SetAside, Throw
from dicelab.widgets.buttons import Button
from dicelab.widgets.colours import css_colour
from dicelab.widgets.components import DiceTray
from dicelab.widgets.components.cask_scales import CaskScales
from dicelab.widgets.controller import GameController
from dicelab.widgets.phrasing import count, says, turn_of, verb, whom
from dicelab.widgets.picks import Picks
from dicelab.widgets.proposal import proposal, restated
from dicelab.widgets.win_chances import BySeats, ExactFinishing, ExactForTwo

BIG_SAVE = 300  # a save this big stays on the table until its player goes on
KEYS_HELP = (
    "T throws the dice and S saves the turn's points; Space or Enter presses the focused "
    "button, so after a throw Space throws again. With the choose_keep setting, click the "
    "scoring dice (or press their numbers, 1 to 5) to pick them and A sets them aside. "
    "K switches the coach on or off, and W shows or hides each seat's chance to win. S "
    "starts a game and N sets up a new one. Escape goes back to the notebook."
)


class ThousandGame(GameController):
    """Thousand for 1 to 6 players, humans or bots, with the cask scales.

    ``ThousandGame()`` starts at once at the classic table, you and two robots (New game
    opens the setup screen); ``ThousandGame(players=["Ann",
    {"name": "Robo", "bot": "cask_aware"}], seed=7)`` starts at once, and
    ``rules=thousand.Rules(choose_keep=True)`` lets players pick the scoring dice to set aside.
    ``.game`` is the :class:`dicelab.thousand.Game` being played. Keys: T throws, S saves,
    1-5 pick dice and A sets them aside (with ``choose_keep``), K toggles the coach
    (``coach=True`` starts with it on), W toggles each seat's chance to win (``chances=True`` shows
    it from the start). ``first_player="random"`` lets chance pick who starts each game, as the
    original app does (the order round the table stays; with a ``seed`` the pick is repeatable);
    it is the rules' ``first_player`` setting (shared with Fivethousand), and "first" makes
    the first seat start whatever the rules say; by default the rules decide.
    """

    Game = thousand.Game
    Coach = ThousandCoach
    CHANCES = BySeats(ExactForTwo("thousand"), ExactFinishing())
    heading = "Thousand"
    HELP = KEYS_HELP
    STARTS_AT_ONCE = True
    COMPONENTS = GameController.COMPONENTS + ("dice", "cask_scales")

    FIRST_PLAYERS = ("first", "random")

    def __init__(
        self,
        players=None,
        rules=None,
        seed: int | None = None,
        pace: float = 0.6,
        coach: bool = False,
        rating: str = "points",
        chances: bool = False,
        first_player: str | None = None,
        resume=False,
    ):
        if first_player is not None and first_player not in self.FIRST_PLAYERS:
            raise InvalidInputError(f"first_player is 'first' or 'random', not {first_player!r}")
        if first_player is not None:
            rules = thousand.Rules.coerce(rules).replace(
                first_player="random" if first_player == "random" else "fixed"
            )
        super().__init__(players, rules, seed, pace, coach, rating, chances, resume=resume)

    def build(self) -> None:
        self._picks = Picks()  # positions in the throw picked to set aside (choose_keep)
        self._thrower = ""  # who threw the dice on the tray
        self._aside: tuple[int, ...] = ()  # set aside earlier in this round, before the last throw
        self._thrown: tuple[int, ...] = ()  # the last throw
        self._part: tuple[int, ...] = ()  # the dice of the last throw set aside
        self.tray = DiceTray()
        self.scales = CaskScales()
        self.listen(self.tray, toggle=self.toggle)

    # --- what a player does ---------------------------------------------------------------
    def throw(self) -> None:
        """Throw the dice that are not set aside (with ``choose_keep``, after setting the
        picked dice aside)."""
        self._play_all(self._then(Throw()))

    def save(self) -> None:
        """Save the turn's points (refused inside a cask until the player leaves it); with
        ``choose_keep``, the picked dice are set aside first."""
        self._play_all(self._then(Bank()))

    def take_back(self) -> None:
        """Undo the last pick or unpick since the throw (``choose_keep``)."""
        self.human_turn()
        self._picks.take_back()

    def selection(self) -> Picks:
        return self._picks

    @property
    def picked(self) -> frozenset:
        """The positions in the throw picked to set aside (``choose_keep``)."""
        return self._picks.now

    @picked.setter
    def picked(self, positions) -> None:
        self._picks.propose(positions)

    def _then(self, action) -> list:
        """The actions that play ``action`` now: while dice are to be picked, the picked dice
        are set aside first (and if that ends the turn, a burn or a win, nothing follows)."""
        state = self._game.state
        if state.phase != "choose":
            return [action]
        aside = SetAside(self._picked_dice())
        try:
            after = self._game.engine.apply(state, aside)
        except IllegalMoveError:
            return [aside, action]
        return [aside, action] if after.player == state.player and not after.is_over else [aside]

    def _refusal_of(self, actions) -> str | None:
        """Why the human to move may not play ``actions`` one after another; None if they may."""
        state = self._game.state
        try:
            self.human_turn()
            for action in actions:
                if isinstance(action, SetAside) and not action.dice:
                    raise IllegalMoveError("pick the scoring dice to set aside first")
                state = self._game.engine.apply(state, action)
        except IllegalMoveError as reason:
            return str(reason)
        return None

    def _play_all(self, actions) -> None:
        refusal = self._refusal_of(actions)
        if refusal:
            raise IllegalMoveError(refusal)
        said = []
        for action in actions:
            self.play(action)
            said.append(self._status)
        self._status = " ".join(said)

    def toggle(self, die: int) -> None:
        """Pick die ``die`` (its place on the tray) to set aside, or unpick it (``choose_keep``)."""
        self.human_turn()
        state = self._game.state
        if not self.rules.choose_keep:
            raise IllegalMoveError("scoring dice are set aside by themselves in this game")
        if state.phase != "choose":
            raise IllegalMoveError("throw the dice first, then pick the scoring dice")
        index = die - len(self._aside)
        if not 0 <= index < len(state.throw):
            raise IllegalMoveError(
                "that die was set aside earlier"
                if 0 <= die < len(self._aside)
                else f"there is no die {die + 1}"
            )
        face = state.throw[index]
        if not self._may_pick(face):
            raise IllegalMoveError(f"a {face} doesn't score in this throw")
        self._picks.flip(index)

    def set_aside(self) -> None:
        """Set the picked dice aside (``choose_keep``)."""
        if not self.picked:
            self.human_turn()
            raise IllegalMoveError("pick the scoring dice to set aside first")
        self.play(SetAside(self._picked_dice()))

    def _picked_dice(self) -> tuple:
        return tuple(sorted(self._game.state.throw[i] for i in self.picked))

    def _may_pick(self, face: int) -> bool:
        return any(
            face in part for part in self._game.engine.table.scoring_choices(self._game.state.throw)
        )

    # --- the controller's extension points --------------------------------------------------
    def play_buttons(self) -> list[Button]:
        state = self._game.state
        left = count(state.dice_left, "die")
        throw, save = self._refusal_of(self._then(Throw())), self._refusal_of(self._then(Bank()))
        buttons = [
            Button(
                "throw",
                f"Throw {left}",
                self.throw,
                f"Throw {left}",
                throw is None,
                throw or "",
                "t",
            ),
            Button(
                "save",
                f"Save {state.turn_points}",
                self.save,
                f"Save {state.turn_points}: the turn's {count(state.turn_points, 'point')}",
                save is None,
                save or "",
                "s",
            ),
        ]
        if self.rules.choose_keep and state.phase == "choose":
            aside = (
                self.refusal(SetAside(self._picked_dice()))
                if self.picked
                else self.refusal() or "pick the scoring dice to set aside first"
            )
            buttons.insert(
                0,
                Button(
                    "set_aside",
                    "Set aside",
                    self.set_aside,
                    "Set aside the picked dice",
                    aside is None,
                    aside or "",
                    "a",
                ),
            )
        if self.rules.choose_keep:
            buttons.append(self._take_back_button(self.take_back))
        return buttons

    def shortcuts(self) -> dict:
        keys = super().shortcuts()
        if self.phase == "play" and self.rules.choose_keep:
            keys.update({str(die + 1): partial(self.toggle, die) for die in range(self.rules.dice)})
        return keys

    def areas(self) -> tuple[dict, str]:
        """The controls (and the ranking at the end), the dice while playing, the scales."""
        play = super().areas()[0]["play"]
        return {
            "play": play + ([self.scales] if self.phase == "over" else [self.tray, self.scales])
        }, "stack"

    def after(self, event) -> None:
        self.propose()
        if event is None or isinstance(event.action, Bank):
            self._thrower, self._aside, self._thrown, self._part = "", (), (), ()
        elif isinstance(event.action, SetAside):
            self._part = event.action.dice
        elif event.dice is not None:
            fresh_round = len(event.dice) == self.rules.dice
            self._aside = () if fresh_round else self._aside + self._part
            self._thrower = self._game.players[event.player].name
            self._thrown = event.dice
            self._part = self._auto_part(event.dice)

    def propose(self) -> None:
        """Pick the dice the table proposes to set aside while dice are to be picked
        (``choose_keep``; see :mod:`~dicelab.widgets.proposal`)."""
        proposed = proposal(self)
        self.picked = _positions_of(self._game.state.throw, proposed.dice) if proposed else set()
        self._status = restated(self._status, proposed)

    def _auto_part(self, thrown: tuple) -> tuple:
        """The dice the rules set aside by themselves from ``thrown`` (none to choose or none scoring)."""
        best = self._game.engine.table.best_choice(thrown)
        return () if best is None or self.rules.choose_keep else best[0]

    def bot_step(self) -> None:
        """A bot with dice to choose first shows its pick, then sets it aside at its next step."""
        action = self._game.bot_action()
        if isinstance(action, SetAside) and self._picked_dice() != action.dice:
            self._show_bot_pick(action.dice)
        else:
            self._play(action)

    def _show_bot_pick(self, dice: tuple) -> None:
        self.picked = _positions_of(self._game.state.throw, dice)
        self._status = (
            f"{says(self._game.current_player.name, 'picks')} {_faces(dice)} to set aside."
        )

    def describe(self, event, before) -> str:
        name = self._game.players[event.player].name
        action, state = event.action, self._game.state
        if isinstance(action, Bank):
            text = (
                f"{says(name, 'saves')} {count(before.turn_points, 'point')} and now "
                f"{verb(name, 'has')} {state.scores[event.player]}"
            )
            cask = self.rules.cask_at(state.scores[event.player])
            return text + (f", in the {_cask(cask)} cask." if cask else ".")
        if isinstance(action, SetAside):
            return f"{says(name, 'sets')} aside {_faces(action.dice)}: " + self._outcome(
                name, before, action.dice
            )
        text = f"{says(name, 'threw')} {_faces(event.dice)}"
        if "bust" in state.news:
            lost = (
                f"the turn's {count(before.turn_points, 'point')} are burned"
                if before.turn_points
                else "the turn ends"
            )
            return f"{text}: no combination, burned! {lost[:1].upper()}{lost[1:]}."
        proposed = proposal(self)
        if proposed:  # dice to choose (``choose_keep``)
            if self._game.players[event.player].is_bot:
                return f"{text}."
            return f"{text}. {proposed.sentence()}"
        part = self._auto_part(event.dice)
        return f"{text}, setting aside {_faces(part)}: " + self._outcome(name, before, part)

    def moment(self, event, before, mark: str) -> str:
        """A throw with no combination burns the turn's points in Thousand, as going over
        the target does: both are a burn."""
        return "burn" if mark == "farkle" else super().moment(event, before, mark)

    def log_entry(self, event, before) -> tuple[tuple, str]:
        news = self._game.state.news
        if isinstance(event.action, Bank):
            return (), "big" if before.turn_points >= BIG_SAVE else "bank"
        dice = event.dice if event.dice is not None else event.action.dice
        if "bust" in news:
            return dice, "farkle"
        return dice, "burn" if "burned" in news else ""

    def _outcome(self, name: str, before, part: tuple) -> str:
        """What setting ``part`` aside (from ``before``) brought about, in words."""
        points = self._game.engine.table.score(part)
        state, target = self._game.state, self.rules.target
        turn = before.turn_points + points
        standing = before.scores[before.player] + turn
        if "burned" in state.news:
            return (
                f"{count(points, 'point')} would take {whom(name)} to {standing}, over "
                f"{target}: the turn's {count(turn, 'point')} burn."
            )
        if "exact_win" in state.news:
            return f"{count(points, 'point')} take {whom(name)} to exactly {target}!"
        text = f"{count(points, 'point')}, {turn} this turn"
        if "hot_dice" in state.news:
            text += (
                f"; all {self.rules.dice} dice scored, so all {self.rules.dice} are thrown again"
            )
        need = self.needed_to_save(before.player, turn)
        if need:
            return text + (
                f"; {says(name, 'needs', start=False)} {need[1]} more to leave the "
                f"{_cask(need[0])} cask and save."
            )
        return text + "."

    def needed_to_save(self, player: int, turn_points: int) -> tuple | None:
        """(cask, points still needed) while ``player``, with ``turn_points`` this turn, is in
        a cask and may not save yet; None when they may."""
        banked = self._game.state.scores[player]
        cask = self.rules.cask_blocking(banked, turn_points)
        return cask and (cask, cask[1] - banked - turn_points)

    # --- drawing ------------------------------------------------------------------------------
    def render_board(self) -> None:
        game = self._game
        throws = sum(event.dice is not None for event in game.history)
        label = (
            f"Dice of {whom(self._thrower)}"
            if self._thrower and not self._ended_robot_turn()
            else "Dice, not thrown yet"
        )
        self.tray.draw(dice=self._dice(), throw=throws, label=label)
        target = self.rules.target
        step = max(1, target // 10)
        self.scales.draw(
            target=target,
            ticks=list(range(0, target + 1, step)),
            casks=[{"low": low, "high": high, "label": "cask"} for low, high in self.rules.casks],
            rows=self._scale_rows(),
            caption=self._caption(),
        )

    def _ended_robot_turn(self) -> bool:
        """Whether the dice on the tray are of a turn that has ended and no longer show."""
        game = self._game
        last = game.history[-1].player if game.history else game.state.player
        return (
            bool(self._thrower)
            and last != game.state.player
            and not game.is_over
            and not self.shows_ended_turn(last)
        )

    def _dice(self) -> list:
        if self._ended_robot_turn():
            return [_die(None, "not thrown yet")] * self.rules.dice
        choosing = self.rules.choose_keep and self._game.state.phase == "choose"
        dice = [
            _die(face, f"a {face}, set aside earlier", kept=True, look="aside", tag="Set aside")
            for face in self._aside
        ]
        part = list(self._part)
        for index, face in enumerate(self._thrown):
            position = len(dice) + 1
            if face in part:
                part.remove(face)
                dice.append(_die(face, f"a {face}, set aside", kept=True, rolled=True, look="kept"))
            elif choosing:
                picked = index in self.picked
                dice.append(
                    _die(
                        face,
                        f"die {position}: a {face}" + (", picked" if picked else ""),
                        held=picked,
                        rolled=True,
                        key=str(position),
                        selectable=self.refusal() is None and self._may_pick(face),
                        look="" if picked else "thrown",  # thrown, not chosen: a dotted frame
                    )
                )
            else:
                dice.append(
                    _die(
                        face, f"a {face}, doesn't score", rolled=True, look="thrown", tag="No score"
                    )
                )
        dice += [_die(None, "not thrown yet")] * (self.rules.dice - len(dice))
        return dice

    def _scale_rows(self) -> list:
        game = self._game
        state = game.state
        rows = []
        for i, player in enumerate(game.players):
            banked = state.scores[i]
            current = i == state.player and not game.is_over
            need = self.needed_to_save(i, state.turn_points if current else 0)
            standing = (
                banked + state.turn_points if current else banked
            )  # blue while a turn is open
            label = f"{player.name}: banked {banked}"
            if standing != banked:
                label += f", would stand at {standing}" + (" if saved" if not need else "")
            cask = self.rules.cask_at(banked)
            if cask:
                label += f", in the {_cask(cask)} cask"
            if current and need:
                label += f", {need[1]} more needed to save"
            rows.append(
                {
                    "name": player.name,
                    "colour": css_colour(player.colour),
                    "banked": banked,
                    "standing": standing,
                    "current": current,
                    "label": label,
                }
            )
        return rows

    def _caption(self) -> str:
        """The turn in plain words: this turn's points, the banked score, and where the player
        would stand if they stopped now (or what the cask still asks for)."""
        if self._game.is_over:
            return ""
        state = self._game.state
        name = self._game.current_player.name
        banked = state.scores[state.player]
        text = f"{turn_of(name)}: this turn {state.turn_points}, banked {banked}"
        need = self.needed_to_save(state.player, state.turn_points)
        if need:
            return (
                f"{text}; {count(need[1], 'point')} more needed to leave the {_cask(need[0])} "
                f"cask and stop."
            )
        if not state.turn_points:
            return f"{text}."
        return f"{text}, if you stop now {banked + state.turn_points}."


def _die(
    face,
    label: str,
    *,
    held=False,
    kept=False,
    rolled=False,
    selectable=False,
    key="",
    look="",
    tag="",
) -> dict:
    die = {
        "face": face,
        "held": held,
        "kept": kept,
        "rolled": rolled,
        "selectable": selectable,
        "label": label,
        "key": key,
    }
    return die | ({"look": look} if look else {}) | ({"tag": tag} if tag else {})


def _positions_of(throw: tuple, dice: tuple) -> set:
    """The positions in ``throw`` of ``dice`` (a part of it), the leftmost of equal faces first."""
    positions = set()
    for face in dice:
        positions.add(next(i for i, f in enumerate(throw) if f == face and i not in positions))
    return positions


def _faces(dice) -> str:
    return ", ".join(map(str, dice))


def _cask(cask: tuple) -> str:
    return f"{cask[0]}–{cask[1]}"
