"""Thousand as one widget: the dice tray, the cask scales, Throw and Save."""

from __future__ import annotations

from functools import partial

from dicelab import thousand
from dicelab.coach import ThousandCoach
from dicelab.errors import IllegalMoveError, InvalidInputError
from dicelab.messages import Said
from dicelab.thousand import Bank, SetAside, Throw
from dicelab.widgets.buttons import Button
from dicelab.widgets.colours import css_colour
from dicelab.widgets.components import DiceTray
from dicelab.widgets.components.cask_scales import CaskScales
from dicelab.widgets.controller import GameController
from dicelab.widgets.picks import Picks
from dicelab.widgets.proposal import proposal, restated
from dicelab.widgets.win_chances import BySeats, ExactFinishing, ExactForTwo

BIG_SAVE = 300  # a save this big stays on the table until its player goes on


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
    the first seat start whatever the rules say; by default the rules decide. ``lang="ru"``
    speaks Russian, as the original app could (see :mod:`dicelab.messages`).
    """

    Game = thousand.Game
    Coach = ThousandCoach
    CHANCES = BySeats(ExactForTwo("thousand"), ExactFinishing())
    NAME = "thousand"
    HELP = "thousand.keys"
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
        lang: str = "en",
    ):
        if first_player is not None and first_player not in self.FIRST_PLAYERS:
            raise InvalidInputError(f"first_player is 'first' or 'random', not {first_player!r}")
        if first_player is not None:
            rules = thousand.Rules.coerce(rules).replace(
                first_player="random" if first_player == "random" else "fixed"
            )
        super().__init__(
            players, rules, seed, pace, coach, rating, chances, resume=resume, lang=lang
        )

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
                    raise IllegalMoveError(Said("refusal.pick_first"))
                state = self._game.engine.apply(state, action)
        except IllegalMoveError as reason:
            return self.said(reason)
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
            raise IllegalMoveError(Said("refusal.aside_by_themselves"))
        if state.phase != "choose":
            raise IllegalMoveError(Said("refusal.throw_then_pick"))
        index = die - len(self._aside)
        if not 0 <= index < len(state.throw):
            raise IllegalMoveError(
                Said("refusal.aside_earlier")
                if 0 <= die < len(self._aside)
                else Said("refusal.no_die", number=die + 1)
            )
        face = state.throw[index]
        if not self._may_pick(face):
            raise IllegalMoveError(Said("refusal.not_scoring_here", face=face))
        self._picks.flip(index)

    def set_aside(self) -> None:
        """Set the picked dice aside (``choose_keep``)."""
        if not self.picked:
            self.human_turn()
            raise IllegalMoveError(Said("refusal.pick_first"))
        self.play(SetAside(self._picked_dice()))

    def _picked_dice(self) -> tuple:
        return tuple(sorted(self._game.state.throw[i] for i in self.picked))

    def _may_pick(self, face: int) -> bool:
        return any(
            face in part for part in self._game.engine.table.scoring_choices(self._game.state.throw)
        )

    # --- the controller's extension points --------------------------------------------------
    def play_buttons(self) -> list[Button]:
        state, say = self._game.state, self.say
        throw_label = say("button.throw", dice=say.count(state.dice_left, "die"))
        throw, save = self._refusal_of(self._then(Throw())), self._refusal_of(self._then(Bank()))
        buttons = [
            Button("throw", throw_label, self.throw, throw_label, throw is None, throw or "", "t"),
            Button(
                "save",
                say("button.save", score=state.turn_points),
                self.save,
                say(
                    "button.save_aria",
                    score=state.turn_points,
                    points=say.count(state.turn_points, "point"),
                ),
                save is None,
                save or "",
                "s",
            ),
        ]
        if self.rules.choose_keep and state.phase == "choose":
            aside = (
                self.refusal(SetAside(self._picked_dice()))
                if self.picked
                else self.refusal() or say("refusal.pick_first")
            )
            buttons.insert(
                0,
                Button(
                    "set_aside",
                    say("button.set_aside"),
                    self.set_aside,
                    say("button.set_aside_aria"),
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
        self._status = restated(self._status, proposed, self.say)

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
        who = self._game.current_player.name
        self._status = self.say("thousand.picks", who=who, dice=_faces(dice))

    def describe(self, event, before) -> str:
        name, say = self._game.players[event.player].name, self.say
        action, state = event.action, self._game.state
        if isinstance(action, Bank):
            score = state.scores[event.player]
            cask = self.rules.cask_at(score)
            saved = say.count(before.turn_points, "point")
            if cask:
                return say(
                    "thousand.saves_in_cask", who=name, points=saved, score=score, cask=_cask(cask)
                )
            return say("thousand.saves", who=name, points=saved, score=score)
        if isinstance(action, SetAside):
            outcome = self._outcome(name, before, action.dice)
            return say("thousand.sets_aside", who=name, dice=_faces(action.dice), outcome=outcome)
        thrown = _faces(event.dice)
        if "bust" in state.news:
            lost = (
                say("thousand.turn_burned", n=before.turn_points)
                if before.turn_points
                else say("thousand.turn_ends")
            )
            return say("thousand.no_combination", who=name, dice=thrown, lost=lost)
        proposed = proposal(self)
        if proposed:  # dice to choose (``choose_keep``)
            text = say("thousand.threw", who=name, dice=thrown)
            if self._game.players[event.player].is_bot:
                return text
            return f"{text} {proposed.sentence(say)}"
        part = self._auto_part(event.dice)
        outcome = self._outcome(name, before, part)
        return say(
            "thousand.threw_setting_aside",
            who=name,
            dice=thrown,
            part=_faces(part),
            outcome=outcome,
        )

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
        state, target, say = self._game.state, self.rules.target, self.say
        turn = before.turn_points + points
        standing = before.scores[before.player] + turn
        worth = say.count(points, "point")
        if "burned" in state.news:
            return say(
                "thousand.over_target",
                who=name,
                points=worth,
                standing=standing,
                target=target,
                turn=say.count(turn, "point"),
            )
        if "exact_win" in state.news:
            return say("thousand.exact_win", who=name, points=worth, target=target)
        parts = [say("thousand.this_turn", points=worth, turn=turn)]
        if "hot_dice" in state.news:
            parts.append(say("thousand.hot_dice", n=self.rules.dice))
        need = self.needed_to_save(before.player, turn)
        if need:
            parts.append(say("thousand.needs", who=name, more=need[1], cask=_cask(need[0])))
        return say.sentence("; ".join(parts))

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
            self.say("dice.of", who=self._thrower)
            if self._thrower and not self._ended_robot_turn()
            else self.say("dice.not_thrown_tray")
        )
        self.tray.draw(dice=self._dice(), throw=throws, label=label)
        target = self.rules.target
        step = max(1, target // 10)
        self.scales.draw(
            target=target,
            ticks=list(range(0, target + 1, step)),
            casks=[
                {"low": low, "high": high, "label": self.say("thousand.cask")}
                for low, high in self.rules.casks
            ],
            rows=self._scale_rows(),
            caption=self._caption(),
            legend=[
                [key, self.say(f"scales.legend_{word}")]
                for key, word in (
                    ("is-cask", "cask"),
                    ("is-banked", "banked"),
                    ("is-standing", "standing"),
                )
            ],
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
        say = self.say
        unthrown = _die(None, say("dice.not_thrown"))
        if self._ended_robot_turn():
            return [unthrown] * self.rules.dice
        choosing = self.rules.choose_keep and self._game.state.phase == "choose"
        dice = [
            _die(
                face,
                say("dice.aside_earlier", face=face),
                kept=True,
                look="aside",
                tag=say("dice.tag_aside"),
            )
            for face in self._aside
        ]
        part = list(self._part)
        for index, face in enumerate(self._thrown):
            position = len(dice) + 1
            if face in part:
                part.remove(face)
                label = say("dice.aside", face=face)
                dice.append(_die(face, label, kept=True, rolled=True, look="kept"))
            elif choosing:
                picked = index in self.picked
                dice.append(
                    _die(
                        face,
                        say("dice.picked" if picked else "dice.pick", number=position, face=face),
                        held=picked,
                        rolled=True,
                        key=str(position),
                        selectable=self.refusal() is None and self._may_pick(face),
                        look="" if picked else "thrown",  # thrown, not chosen: a dotted frame
                    )
                )
            else:
                label, tag = say("dice.no_score", face=face), say("dice.tag_no_score")
                dice.append(_die(face, label, rolled=True, look="thrown", tag=tag))
        dice += [unthrown] * (self.rules.dice - len(dice))
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
            say = self.say
            label = [say("scales.banked", name=player.name, banked=banked)]
            if standing != banked:
                projection = "scales.would_stand" if need else "scales.would_stand_if_saved"
                label.append(say(projection, standing=standing))
            cask = self.rules.cask_at(banked)
            if cask:
                label.append(say("scales.in_cask", cask=_cask(cask)))
            if current and need:
                label.append(say("scales.needed", more=need[1]))
            rows.append(
                {
                    "name": player.name,
                    "colour": css_colour(player.colour),
                    "banked": banked,
                    "standing": standing,
                    "current": current,
                    "label": ", ".join(label),
                }
            )
        return rows

    def _caption(self) -> str:
        """The turn in plain words: this turn's points, the banked score, and where the player
        would stand if they stopped now (or what the cask still asks for)."""
        if self._game.is_over:
            return ""
        state = self._game.state
        name, say = self._game.current_player.name, self.say
        banked = state.scores[state.player]
        text = say(
            "caption.turn",
            turn=say("table.turn_of", who=name),
            points=state.turn_points,
            banked=banked,
        )
        need = self.needed_to_save(state.player, state.turn_points)
        if need:
            more = say.count(need[1], "point")
            return say("caption.cask", text=text, more=more, cask=_cask(need[0]))
        if not state.turn_points:
            return say.sentence(text)
        return say("caption.stop_now", text=text, standing=banked + state.turn_points)


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
