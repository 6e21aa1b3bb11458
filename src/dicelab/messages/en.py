"""English: every message of dicelab, the catalogue the others follow (see :mod:`dicelab.messages`)."""

NAME = "English"


def plural(n: int) -> str:
    """The plural form of ``n``: "one" or "other"."""
    return "one" if n == 1 else "other"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


MESSAGES: dict = {
    # --- names and counts ------------------------------------------------------------------
    "name.you": "You",
    "name.bot": "Bot {number}",
    "name.bot_word": "bot",
    "name.robot": "Robot",
    "name.red": "Red",
    "name.player": "Player {number}",
    "count.point": {"one": "{n} point", "other": "{n} points"},
    "count.die": {"one": "{n} die", "other": "{n} dice"},
    "list.and": "{first} and {last}",
    "game.fivethousand": "Fivethousand",
    "game.thousand": "Thousand",
    "game.yahtzee": "Yahtzee",
    "colour.white": "White",
    "colour.light_gray": "Light Gray",
    "colour.dark_gray": "Dark Gray",
    "colour.black": "Black",
    "colour.brown": "Brown",
    "colour.red": "Red",
    "colour.orange": "Orange",
    "colour.yellow": "Yellow",
    "colour.lime": "Lime",
    "colour.green": "Green",
    "colour.cyan": "Cyan",
    "colour.blue": "Blue",
    "colour.purple": "Purple",
    "colour.magenta": "Magenta",
    "colour.rose": "Rose",
    "colour.pink": "Pink",
    # --- the table ---------------------------------------------------------------------------
    "table.title": "{game} game",
    "table.turn_of": {"you": "Your turn", "other": "{who}'s turn"},
    "table.turn_of_robot": {"you": "Your turn (robot)", "other": "{who}'s turn (robot)"},
    "table.choose_players": "Choose the players, then press Start.",
    "table.new_game": {"you": "New game: You start.", "other": "New game: {who} starts."},
    "table.played": "{who} played {action}.",
    "table.preparing": (
        "The optimal robots are working out their strategy for these rules: a few seconds "
        "the first time, and the notebook waits meanwhile."
    ),
    "table.interrupted": "The robots' preparation was stopped: press Start to try again.",
    "table.resumed": "Welcome back: the game goes on where it was left.",
    "table.resumed_as_copy": (
        "This game is open in another notebook too, so it goes on here as a copy, saved apart."
    ),
    "table.not_saved": "this game could not be saved: {problem}",
    "table.keys_sound": "M switches the sound of the game's moments on or off.",
    "table.keys_pace": (
        "With robots at the table, V changes their pace (slow, normal, fast, instant) and "
        "J skips to your turn while they play."
    ),
    "pace.slow": "slow",
    "pace.normal": "normal",
    "pace.fast": "fast",
    "pace.instant": "instant",
    "pace.seconds": "{seconds:g} s",
    "button.start": "Start",
    "button.start_aria": "Start the game",
    "button.rematch": "Rematch",
    "button.rematch_aria": "Rematch: the same players again",
    "button.new_game": "New game",
    "button.new_game_aria": "New game: set up the players",
    "button.go_on": "Go on",
    "button.go_on_aria": "Go on: the robots play next",
    "button.skip": "Skip to my turn",
    "button.skip_aria": "Skip to my turn: the robots play at once",
    "button.on": "on",
    "button.off": "off",
    "button.sound": "Sound: {state}",
    "button.coach": "Coach: {state}",
    "button.chances": "Chance to win: {state}",
    "button.switch_on": "{label}, switch it on",
    "button.switch_off": "{label}, switch it off",
    "button.pace": "Robots: {pace}",
    "button.pace_aria": "Robots: {pace}, make them {then}",
    "button.take_back": "Take back",
    "button.take_back_aria": "Take back the last die click",
    "button.throw": "Throw {dice}",
    "button.save": "Save {score}",
    "button.save_aria": "Save {score}: the turn's {points}",
    "button.set_aside": "Set aside",
    "button.set_aside_aria": "Set aside the picked dice",
    "setup.heading": "New game of {game}",
    "setup.human": "Human",
    "setup.bot": "Bot ({level})",
    "setup.custom": "custom",
    "moment.farkle": {"you": "Farkle for you!", "other": "Farkle for {who}!"},
    "moment.burn": {"you": "Burned for you!", "other": "Burned for {who}!"},
    "moment.hot_dice": {"you": "Hot dice for you!", "other": "Hot dice for {who}!"},
    "moment.yahtzee": {"you": "Yahtzee for you!", "other": "Yahtzee for {who}!"},
    "moment.bonus": {"you": "Bonus for you!", "other": "Bonus for {who}!"},
    "moment.win": {"you": "You win!", "other": "{who} wins!"},
    "moment.shared": "A shared win!",
    "result.alone": "Game over: {points}.",
    "result.won": {
        "you": "Game over: you win with {points}.",
        "other": "Game over: {who} wins with {points}.",
    },
    "result.shared": "Game over: {names} share the win with {points}.",
    # --- refusals (a sentence each; the table adds the capital and the full stop) ----------
    "refusal.no_game_yet": "no game is being played yet: press Start",
    "refusal.game_over_new": "the game is over: press New game to play again",
    "refusal.wait_for": "wait: {who} is playing",
    "refusal.started_players": "the game has started: press New game to change the players",
    "refusal.started_rules": "the game has started: press New game to change the rules",
    "refusal.players": "{game} is played by 1 to {most} players",
    "refusal.game_over": "the game is over",
    "refusal.still_rolling": "the dice are still rolling",
    "refusal.set_aside_first": "set aside at least one scoring die first",
    "refusal.already_aside": "you have already set dice aside from this throw",
    "refusal.leave_one_out": "leave out at least one scoring die",
    "refusal.alone_not_scoring": "a {face} doesn't score on its own",
    "refusal.together_not_scoring": "{faces} don't score together with the rest",
    "refusal.throw_first": "throw the dice first",
    "refusal.in_cask": "you are in the {low}–{high} cask: reach {high} to save",
    "refusal.nothing_to_take_back": "no die was clicked since the throw",
    "refusal.shared_colour": "two players share the colour {colour}: each needs their own",
    "refusal.pick_first": "pick the scoring dice to set aside first",
    "refusal.aside_by_themselves": "scoring dice are set aside by themselves in this game",
    "refusal.throw_then_pick": "throw the dice first, then pick the scoring dice",
    "refusal.aside_earlier": "that die was set aside earlier",
    "refusal.no_die": "there is no die {number}",
    "refusal.not_scoring_here": "a {face} doesn't score in this throw",
    # --- the dice --------------------------------------------------------------------------
    "dice.of": {"you": "Your dice", "other": "Dice of {who}"},
    "dice.not_thrown_tray": "Dice, not thrown yet",
    "dice.not_thrown": "not thrown yet",
    "dice.aside_earlier": "a {face}, set aside earlier",
    "dice.aside": "a {face}, set aside",
    "dice.pick": "die {number}: a {face}",
    "dice.picked": "die {number}: a {face}, picked",
    "dice.no_score": "a {face}, doesn't score",
    "dice.tag_aside": "Set aside",
    "dice.tag_no_score": "No score",
    "proposal.sentence": "Proposed ({source}): set aside {faces} for {points}.",
    "proposal.coach": "the coach's best",
    "proposal.most_points": "most points now",
    # --- Thousand --------------------------------------------------------------------------
    "thousand.keys": (
        "T throws the dice and S saves the turn's points; Space or Enter presses the focused "
        "button, so after a throw Space throws again. With the choose_keep setting, click the "
        "scoring dice (or press their numbers, 1 to 5) to pick them and A sets them aside. "
        "K switches the coach on or off, and W shows or hides each seat's chance to win. S "
        "starts a game and N sets up a new one. Escape goes back to the notebook."
    ),
    "thousand.cask": "cask",
    "thousand.picks": {
        "you": "You pick {dice} to set aside.",
        "other": "{who} picks {dice} to set aside.",
    },
    "thousand.saves": {
        "you": "You save {points} and now have {score}.",
        "other": "{who} saves {points} and now has {score}.",
    },
    "thousand.saves_in_cask": {
        "you": "You save {points} and now have {score}, in the {cask} cask.",
        "other": "{who} saves {points} and now has {score}, in the {cask} cask.",
    },
    "thousand.sets_aside": {
        "you": "You set aside {dice}: {outcome}",
        "other": "{who} sets aside {dice}: {outcome}",
    },
    "thousand.threw": {"you": "You threw {dice}.", "other": "{who} threw {dice}."},
    "thousand.threw_setting_aside": {
        "you": "You threw {dice}, setting aside {part}: {outcome}",
        "other": "{who} threw {dice}, setting aside {part}: {outcome}",
    },
    "thousand.no_combination": {
        "you": "You threw {dice}: no combination, burned! {lost}.",
        "other": "{who} threw {dice}: no combination, burned! {lost}.",
    },
    "thousand.turn_burned": {
        "one": "The turn's {n} point is burned",
        "other": "The turn's {n} points are burned",
    },
    "thousand.turn_ends": "The turn ends",
    "thousand.over_target": {
        "you": "{points} would take you to {standing}, over {target}: the turn's {turn} burn.",
        "other": "{points} would take {who} to {standing}, over {target}: the turn's {turn} burn.",
    },
    "thousand.exact_win": {
        "you": "{points} take you to exactly {target}!",
        "other": "{points} take {who} to exactly {target}!",
    },
    "thousand.this_turn": "{points}, {turn} this turn",
    "thousand.hot_dice": {
        "one": "the die scored, so it is thrown again",
        "other": "all {n} dice scored, so all {n} are thrown again",
    },
    "thousand.needs": {
        "you": "you need {more} more to leave the {cask} cask and save",
        "other": "{who} needs {more} more to leave the {cask} cask and save",
    },
    "scales.banked": "{name}: banked {banked}",
    "scales.would_stand": "would stand at {standing}",
    "scales.would_stand_if_saved": "would stand at {standing} if saved",
    "scales.in_cask": "in the {cask} cask",
    "scales.needed": "{more} more needed to save",
    "caption.turn": "{turn}: this turn {points}, banked {banked}",
    "caption.cask": "{text}; {more} more needed to leave the {cask} cask and stop.",
    "caption.stop_now": "{text}, if you stop now {standing}.",
    # --- Fivethousand ----------------------------------------------------------------------
    "fivethousand.keys": (
        "Click the shaker (or press T) to throw. After a throw every scoring die is out "
        "and the others are back in the shaker; click a die or press its number (1 to 6) "
        "to send it back into the shaker or take it out, and U to take the last click "
        "back. The dice you leave out are set aside and must all score. Space or Enter on "
        "a focused die or on the shaker clicks it. P passes: it sets aside the dice left "
        "out and banks the turn. K switches the coach on or off, and W shows or hides each "
        "seat's chance to win. S starts a game, N sets up a new one, Escape goes back to the "
        "notebook."
    ),
    # --- Yahtzee ---------------------------------------------------------------------------
    "yahtzee.keys": (
        "Tab to a die and press Space or Enter to hold or release it, or press 1 to 5. "
        "R rolls, C confirms the chosen box, K switches the coach on or off, W shows or hides "
        "each seat's chance to win, S starts a game and N sets up a new one. Escape goes "
        "back to the notebook."
    ),
    # --- the front end's own words (the browser fills in their {fields}) -------------------
    "js.keys": "Keys",
    "js.keys_on": "Keys: on (Esc gives them back to the notebook)",
    "js.keys_off": "Keys: off. Click the game to use its keys",
    "js.disconnected": (
        "This game is no longer connected. Run the cell again to continue where you left off."
    ),
    "js.scales": "Scales from 0 to {target}",
    "js.coach": "Coach",
    "js.coach_best": "Best",
    "js.coach_rate_by": "Rate by",
    "js.coach_rate_by_label": "Rate by:",
    "js.chances": "Chance to win",
    "js.chances_seats": "Each seat's chance to win",
    "js.advice": "Advice at a glance",
    "js.advice_chances": "Chance to win:",
    "js.die_kept": "Kept",
    "js.setup_player": "player {number}",
    "js.setup_name": "Name of {who}",
    "js.setup_previous_colour": "Previous colour for {who}",
    "js.setup_next_colour": "Next colour for {who}",
    "js.setup_kind": "Who plays for {who}",
    "js.setup_players": "Players",
    "js.setup_fewer": "One player fewer",
    "js.setup_more": "One player more",
    "js.setup_rules": "Rules",
    "js.to_play": "to play",
    "js.scores": "Scores",
    "history.caption": "History",
    "scales.legend_cask": "cask: no saving until you leave it",
    "scales.legend_banked": "banked",
    "scales.legend_standing": "if you stop now",
    # --- the coach -------------------------------------------------------------------------
    "count.decision": {"one": "{n} decision", "other": "{n} decisions"},
    "coach.points": "Points",
    "coach.fewest_turns": "Fewest turns",
    "coach.odds_throw": "Odds of the next throw:",
    "coach.odds_boxes": "Chance to score each open box by the end of the turn, playing for it:",
    "coach.set_aside": "set aside {faces}",
    "coach.set_aside_and": "set aside {faces} and {then}",
    "coach.pass": "pass ({points})",
    "coach.save": "save ({points})",
    "coach.win": "win",
    "coach.burn": "burn the turn",
    "coach.throw": "throw {dice}",
    "coach.farkle_chance": "Farkle chance with {dice}",
    "coach.why": "Most points now, {rival}, gives {rival_value}; the best, {best}, {best_value}.",
    "coach.why_throw_on": (
        "Most points now, {rival}, gives {rival_value}; the best, {best}, {best_value}: "
        "throwing {dice} on beats stopping now."
    ),
    "coach.why_keeps": (
        "Most points now, {rival}, gives {rival_value}; the best, {best}, {best_value}: "
        "it keeps {dice} to throw, not {fewer}."
    ),
    "coach.situation_throw": "throw {faces} ({points} this turn)",
    "coach.situation": "{points} this turn, {dice} to throw",
    "coach.score_box": "score {box} ({points})",
    "coach.roll_all": "roll all five",
    "coach.hold_and_roll": "hold {faces} and roll {dice}",
    "coach.before_first_roll": "before the first roll",
    "coach.rolls_left": {
        "one": "dice {faces} ({n} roll left)",
        "other": "dice {faces} ({n} rolls left)",
    },
    "coach.best_move": "Best move: {label} ({value}).",
    "coach.move_cost": "Your move cost {cost} against the best: {label} ({value}).",
    "unit.points": "{value} points",
    "unit.turns": "{value} turns",
    "cost.turn_points": "{cost} points of expected turn score",
    "cost.win": "{cost} percentage points of win chance",
    "cost.game_win": "{cost} percentage points of chance to win the game",
    "cost.turns": "{cost} expected turns more",
    "cost.final_score": "{cost} points of expected score",
    "measure.turn_points": "expected points of this turn",
    "measure.last_turn_win": "chance to win with this last turn",
    "measure.game_win": "chance to win the game",
    "measure.turns": "expected turns to reach the target",
    "measure.final_score": "expected final score",
    "measure.win_estimate": "estimated chance to win the game",
    "box.ones": "Ones",
    "box.twos": "Twos",
    "box.threes": "Threes",
    "box.fours": "Fours",
    "box.fives": "Fives",
    "box.sixes": "Sixes",
    "box.one_pair": "One Pair",
    "box.two_pairs": "Two Pairs",
    "box.three_of_a_kind": "3 of a kind",
    "box.four_of_a_kind": "4 of a kind",
    "box.full_house": "Full House",
    "box.small_straight": "Small Straight",
    "box.large_straight": "Large Straight",
    "box.yahtzee": "Yahtzee",
    "box.chance": "Chance",
    "coaching.thinking": (
        "Coach is thinking… working out the best play for these rules. The first time takes "
        "from a few seconds to a minute, then it is saved; play on meanwhile."
    ),
    "coaching.thinking_short": "Coach is thinking…",
    "coaching.win_not_offered": "Rating by chance to win is not offered: {why}.",
    "coaching.cannot": "the coach can't advise on these rules: {problem}",
    "coaching.verdict_of": "{name}: {verdict}",
    "coaching.bot_turn": "{name} is a bot: the coach advises and rates human players only.",
    "coaching.chance_to_win": "Chance to win",
    "coaching.best": "Coach's best: {label} ({value}).",
    "coaching.options": {
        "you": "Best options for you, {situation}:",
        "other": "Best options for {who}, {situation}:",
    },
    "coaching.one_option": "{name}, {situation}: {label} ({value}).",
    "coaching.nothing_yet": "{name}, {situation}: nothing to choose yet.",
    "coaching.values_win": {
        "you": "Values: {measure} for you. {basis}",
        "other": "Values: {measure} for {who}. {basis}",
    },
    "coaching.values_alone": {
        "you": (
            "Values: {measure} for you, with the best play from here as if alone at the table "
            "(the other players are left out)."
        ),
        "other": (
            "Values: {measure} for {who}, with the best play from here as if alone at the "
            "table (the other players are left out)."
        ),
    },
    "coaching.report": "Coach's report, by {measure}",
    "coaching.no_decisions": "No decision was rated: the coach rates human moves while it is on.",
    "coaching.summary": "{name}: {best} best of {decisions}; total expected loss {cost}.",
    "coaching.costliest": "{name}, {situation}: {taken} cost {cost}; best was {best}.",
    # --- the chance to win -------------------------------------------------------------------
    "name.robot_seat": "{name} (robot)",
    "percent.under_1": "under 1%",
    "percent.over_99": "over 99%",
    "chances.alone": "playing alone, there is no one to beat",
    "chances.too_large": (
        "these rules are larger than any preset (a higher target in scoring steps, or "
        "more dice), and working it out would take many minutes"
    ),
    "chances.saved": "then they are saved",
    "chances.kept": "then they are kept while the notebook runs",
    "chances.up_to_a_minute": "up to a minute",
    "chances.several_minutes": "several minutes (a quarter of an hour at a target of 10 000)",
    "chances.a_few_seconds": "a few seconds",
    "chances.basis_two": (
        "Exact chances if both players play to win from here (a shared win counts as half a win)."
    ),
    "chances.basis_finishing": (
        "Exact chances if every player plays for the fewest turns from here (each alone, "
        "the best solitaire play): then each player's number of turns to finish is "
        "independent of the others', and the first to reach the target in turn order wins."
    ),
    "chances.basis_pairwise": (
        "Estimates from the exact chances of each pair of players, both playing to win, as "
        "if the two were alone at the table: each player's chances against every other "
        "player multiplied, then scaled to add up to 100%."
    ),
    "chances.basis_yahtzee": (
        "Estimates from each card's expected final score and its spread with the best "
        "solitaire play: close early in a game, rougher near its end."
    ),
    "chances.none_shown": "No chance to win is shown: {why}.",
    "chances.none_for_rules": "No chance to win for these rules: {problem}.",
    "chances.computing": (
        "Computing… working out the chances to win for these rules: the first time takes "
        "{first_time}, {kept}. Play on meanwhile."
    ),
    "chances.computing_short": "computing…",
    # --- Fivethousand's table -----------------------------------------------------------------
    "refusal.no_dice_on_table": "no dice are on the table: click the shaker to throw",
    "refusal.aside_stay_out": (
        "dice set aside in an earlier throw stay out: they can't go back into the shaker"
    ),
    "button.pass": "PASS",
    "button.pass_aria": "PASS: bank {points}",
    "fivethousand.throws": {"you": "You throw {dice}.", "other": "{who} throws {dice}."},
    "fivethousand.sets_aside": {
        "you": "You set aside {dice} ({points}; {turn} this turn).",
        "other": "{who} sets aside {dice} ({points}; {turn} this turn).",
    },
    "fivethousand.burned": "That would pass {target}: the turn's {points} burn.",
    "fivethousand.exact_win": {
        "you": "Exactly {target}: you win!",
        "other": "Exactly {target}: {who} wins!",
    },
    "fivethousand.hot_dice": {
        "one": "The die counts: bonus round! Throw it again or pass.",
        "other": "All {n} dice count: bonus round! Throw all {n} again or pass.",
    },
    "fivethousand.passes": {
        "you": "You pass and bank {points}: {score} in all.",
        "other": "{who} passes and banks {points}: {score} in all.",
    },
    "fivethousand.bonus_farkle_loses": {
        "you": (
            "Farkle in the bonus round: You lose this round's {lost} but bank the {kept} of "
            "the completed rounds."
        ),
        "other": (
            "Farkle in the bonus round: {who} loses this round's {lost} but banks the {kept} "
            "of the completed rounds."
        ),
    },
    "fivethousand.bonus_farkle": {
        "you": "Farkle in the bonus round: You bank the {kept} of the completed rounds.",
        "other": "Farkle in the bonus round: {who} banks the {kept} of the completed rounds.",
    },
    "fivethousand.farkle_turn_ends": "Farkle! No die scores: the turn ends.",
    "fivethousand.farkle": {
        "you": "Farkle! No die scores: You lose the turn's {lost}.",
        "other": "Farkle! No die scores: {who} loses the turn's {lost}.",
    },
    "fivethousand.reached": {
        "you": "You have reached {target}: {last}",
        "other": "{who} has reached {target}: {last}",
    },
    "fivethousand.reached_past": {
        "you": "You have reached {target} with {score}: {last}",
        "other": "{who} has reached {target} with {score}: {last}",
    },
    "fivethousand.last_turn_one": {
        "you": "You get one last turn.",
        "other": "{who} gets one last turn.",
    },
    "fivethousand.last_turn": "{names} get one last turn.",
    "fivethousand.final_turn": {
        "you": "Final turn: You need more than {score} to win.",
        "other": "Final turn: {who} needs more than {score} to win.",
    },
    "fivethousand.rules": "Rules: {preset}, first to {target}",
    "fivethousand.thrown_by": {"you": "Dice thrown by you", "other": "Dice thrown by {who}"},
    "fivethousand.die_aside": "set-aside die showing {face}",
    "fivethousand.aside_this_round": "Dice set aside this round",
    "fivethousand.note_winner": "winner",
    "fivethousand.note_last_turn": "last turn",
    "fivethousand.this_turn": "This turn",
    "fivethousand.banked": "Banked",
    "fivethousand.stop_now": "If you stop now",
    "fivethousand.tag_farkle": "Farkle",
    "fivethousand.die_no_score": "die {number} showing {face}, no score",
    "fivethousand.tag_back": "In shaker",
    "fivethousand.tag_out": "Out",
    "fivethousand.die_back": "die {number} showing {face}, back in the shaker",
    "fivethousand.die_out": "die {number} showing {face}, left out",
    "fivethousand.scoring_only": "Leave out scoring dice only",
    "fivethousand.aside_bonus": "Set aside {points}: bonus round",
    "fivethousand.aside_throw": "Set aside {points}, throw {dice}",
    "fivethousand.shaker_empty": "Shaker: empty",
    "fivethousand.shaker_bonus": "Shaker: bonus round next",
    "fivethousand.shaker_throw": "Shaker: throw {dice}",
    "fivethousand.shaker_setting_aside": "{shaker}, setting aside the dice left out",
    "fivethousand.shaker_every_die": "{shaker}: set every die aside",
    "fivethousand.nothing": "nothing",
    "fivethousand.leaves_out": {
        "you": "You leave {out} out and send {back} back to the shaker",
        "other": "{who} leaves {out} out and sends {back} back to the shaker",
    },
    # --- Yahtzee's table ---------------------------------------------------------------------
    "count.roll": {"one": "{n} roll", "other": "{n} rolls"},
    "list.comma": "{first}, {next}",
    "list.or": "{first} or {last}",
    "refusal.rolled_all": "you have rolled {rolls} times: choose a box to score",
    "refusal.all_held": "every die is held: release one to roll it",
    "refusal.roll_first": "roll the dice first",
    "refusal.no_rolls_left": "no rolls are left to keep dice for: choose a box",
    "refusal.already_held": "that die is already held",
    "refusal.not_held": "that die is not held",
    "refusal.roll_before_score": "roll the dice before you score",
    "refusal.box_used": "{box} is already used",
    "refusal.joker": "joker rule: this Yahtzee must go in {boxes}",
    "refusal.other_column": {
        "you": "it is your turn: choose a box in your column, not {owner}",
        "other": "it is {who}'s turn: choose a box in {who}'s column, not {owner}",
    },
    "refusal.box_filled": {
        "you": "{box} is already filled on your card (with {points}): choose an empty box",
        "other": "{box} is already filled on {who}'s card (with {points}): choose an empty box",
    },
    "refusal.roll_then_choose": "roll the dice first, then choose a box on the scorecard",
    "refusal.choose_first": "choose a box on the scorecard first",
    "button.roll": "Roll the dice, {rolls} left",
    "button.confirm": "Confirm",
    "button.confirm_aria": "Confirm: score {box}",
    "yahtzee.owned_by": {"you": "yours", "other": "{who}'s"},
    "yahtzee.would_score": {
        "you": "{box} would score {points} for you. Press Confirm to score it.",
        "other": "{box} would score {points} for {who}. Press Confirm to score it.",
    },
    "yahtzee.chosen_box": "the chosen box",
    "yahtzee.chooses": {
        "you": "You choose {box} ({points}).",
        "other": "{who} chooses {box} ({points}).",
    },
    "yahtzee.left": "{rolls} left",
    "yahtzee.now_choose": "now choose a box",
    "yahtzee.rolled": {
        "you": "You rolled: {dice}; {after}.",
        "other": "{who} rolled: {dice}; {after}.",
    },
    "yahtzee.holds": {
        "you": "You hold die {number} (a {face}).",
        "other": "{who} holds die {number} (a {face}).",
    },
    "yahtzee.releases": {
        "you": "You release die {number} (a {face}).",
        "other": "{who} releases die {number} (a {face}).",
    },
    "yahtzee.scores": {
        "you": "You score {points} in {box}.",
        "other": "{who} scores {points} in {box}.",
    },
    "yahtzee.scores_bonus": {
        "you": "You score {points} in {box} and a Yahtzee bonus of {bonus}.",
        "other": "{who} scores {points} in {box} and a Yahtzee bonus of {bonus}.",
    },
    "yahtzee.scorecard": "Scorecard ({preset} rules)",
    "yahtzee.die_not_rolled": "die {number}, not rolled yet",
    "yahtzee.die": "die {number} showing {face}",
    "yahtzee.die_held": "die {number} showing {face}, held",
    "yahtzee.upper_bonus": "Bonus ({bonus} at {threshold})",
    "yahtzee.yahtzee_bonus": "Yahtzee bonus",
    "yahtzee.total": "Total",
    "yahtzee.upper_total": "Upper total",
    "yahtzee.upper_progress": "{text}, upper total: {total} of the {threshold} for the bonus",
    "yahtzee.cell_scored": "{points} scored in {box} for {name}",
    "yahtzee.cell_preview": "{points} would score in {box} for {name}",
    "yahtzee.cell_chosen": "{points} would score in {box} for {name}, chosen",
    "yahtzee.cell_open": "{box} for {name}: open",
    "yahtzee.total_cell": "{value}, {label}",
    "yahtzee.total_zero": "{label}: 0",
    # --- the dicelab command ------------------------------------------------------------------
    "demo.robot_a": "Robot A",
    "demo.robot_b": "Robot B",
    "demo.cask_aware": "Cask-aware",
    "demo.simple": "Simple",
    "demo.greedy": "Greedy",
    "demo.random": "Random",
    "demo.heading": "A game of {game} between bots (seed {seed}).",
    "demo.throw": "{name} throws",
    "demo.roll": "{name} rolls",
    "demo.bank": "{name} banks {detail}",
    "demo.set_aside": "{name} sets aside {detail}",
    "demo.hold": "{name} holds die {detail}",
    "demo.release": "{name} releases die {detail}",
    "demo.score": "{name} scores {detail}",
    "demo.farkle": "farkle",
    "demo.burned": "burned",
    "demo.past_target": "{line}: {lost}, past {target}!",
    "demo.points_lost": "{points} lost",
    "demo.points_kept": ", {points} kept.",
    "demo.this_turn": "({points} this turn)",
    "demo.scores": "Scores: {scores}",
    "demo.winner": "Winner: {names}",
    "cli.usage": "usage: {usage}",
    "cli.arguments": "positional arguments",
    "cli.options": "options",
    "cli.help": "show this help message and exit",
    "cli.version": "show program's version number and exit",
    "cli.error": "{prog}: error: {problem}",
    "cli.description": "dicelab: Fivethousand, Thousand and Yahtzee in Jupyter notebooks.",
    "cli.epilog": "Run 'dicelab COMMAND --help' for the options of a command.",
    "cli.lang_help": "the language dicelab speaks: {there} (default en)",
    "cli.lab_help": "open the tutorial notebooks in JupyterLab",
    "cli.lab_description": (
        "Copy the tutorial notebooks into FOLDER (a notebook already there is kept as it\n"
        "is) and run JupyterLab there until you stop it.\n"
        "\n"
        "Arguments after -- go to JupyterLab itself:\n"
        "  dicelab lab -- --port 9000 --IdentityProvider.token=''\n"
        "\n"
        "As root (containers, Colab, classroom images) dicelab adds --allow-root, which\n"
        "JupyterLab needs there, and says so. Ctrl-C (SIGINT), SIGTERM and SIGHUP stop\n"
        "the server cleanly without a question; a second one kills it. No server is left\n"
        "running when dicelab ends.\n"
        "\n"
        "To let a whole class take part from their own browsers, without JupyterLab, run\n"
        "'dicelab class serve' (or Classroom() in a notebook; see the README).\n"
    ),
    "cli.lab_folder": (
        "where the notebooks go (default: ./dicelab-notebooks, with --teacher "
        "./dicelab-teacher-notebooks)"
    ),
    "cli.lab_teacher": "the teacher edition: worked answers, timing plan, exit questions",
    "cli.lab_no_browser": "don't open a web browser",
    "cli.lab_dry_run": "copy the notebooks and show the command, but start nothing",
    "cli.demo_help": "watch bots play a game in the terminal",
    "cli.demo_description": (
        "Bots play one whole game, one line per move. The output can be piped "
        "(dicelab demo | head -5)."
    ),
    "cli.demo_seed": "the same seed plays the same game",
    "cli.handout_help": "write a printable class sheet for a game, or a lesson's worksheet",
    "cli.handout_description": (
        "Write a printable HTML page for a class: for a game the rules, the scoring table, a "
        "blank scorecard or tally sheet and the lesson's exercises; for a lesson (lesson1 to "
        "lesson{last}) a worksheet with prediction boxes, the class experiment's tally "
        "and the exercises. No answers, unless --teacher asks for the lesson's answer key."
    ),
    "cli.handout_output": (
        "the HTML file to write, a folder to write it in, or - for "
        "standard output (default: GAME-handout.html)"
    ),
    "cli.handout_teacher": (
        "a lesson's worksheet with its answer key, computed by running the teacher "
        "edition (a minute or two; needs the lab extra); default file lessonN-answers.html"
    ),
    "cli.class_help": "run a class server that students join from any browser",
    "cli.class_description": (
        "A class server: students join from any browser with a code, take part in "
        "activities and games, and their results are pooled live for the teacher."
    ),
    "cli.serve_help": "start the class server",
    "cli.serve_description": (
        "Start the class server and print the students' address (with the class "
        "code), the projector's read-only board (no secret) and the teacher's address (with a "
        "secret token). Results are kept in "
        "SQLite under --data; a restarted server carries on where it stopped."
    ),
    "cli.serve_host": (
        "the address to listen on (default 127.0.0.1, this computer only; "
        "0.0.0.0 opens the class to the local network)"
    ),
    "cli.serve_port": "the port (default 8765; 0: any free port)",
    "cli.serve_data": (
        "the folder of the class's data (default: the user data folder, "
        "~/.local/share/dicelab/class)"
    ),
    "cli.serve_activity": "the activity to start with, e.g. farkles",
    "cli.serve_base_path": (
        "the path prefix the server is reached under, e.g. "
        "/user/NAME/proxy/8765/ through jupyter-server-proxy"
    ),
    "cli.only_lab_passes_on": (
        "only 'dicelab lab' passes arguments after -- on, not 'dicelab {command}'"
    ),
    "cli.no_notebooks": "no tutorial notebooks were found in this installation",
    "cli.folder_is_file": "{folder} is a file, not a folder: give a folder for the notebooks",
    "cli.cannot_make": "cannot make the folder {folder}: {reason}",
    "cli.kept": "kept your copy of {target}",
    "cli.moved_aside": "{target} could not be opened: moved it to {aside}",
    "cli.cannot_write": "cannot write {target}: {reason}",
    "cli.copied_student": "copied {target} (student edition)",
    "cli.copied_teacher": "copied {target} (teacher edition)",
    "cli.too_many_damaged": "too many damaged copies of {name} in {folder}",
    "cli.root": "dicelab: you are root, so JupyterLab is started with --allow-root",
    "cli.would_run": "would run: {command}",
    "cli.stopping": "dicelab: {signal} received, stopping JupyterLab",
    "cli.teacher_lessons_only": (
        "--teacher adds the answer key to a lesson's worksheet: use lesson1 to lesson7"
    ),
    "cli.no_folder": "there is no folder {folder}",
    "cli.wrote": "wrote {path}: open it in a browser and print it",
    "cli.failed": "dicelab: {problem}",
    "cli.no_activity": "dicelab: there is no activity {activity}; there are {there}",
    "cli.cannot_listen": "dicelab: the class server can't listen on {where}: {problem}",
    "cli.not_a_seed_because": "{shown} is not a seed: {problem}",
    "cli.not_a_seed": "{shown} is not a seed (a whole number from 0 to {most})",
    "cli.not_a_port": (
        "{shown} is not a port (a whole number from 1 to 65535, or 0 for any free port)"
    ),
    # --- the class pages ---------------------------------------------------------------------
    "page.lang": "en",
    "page.title": "dicelab class",
    "page.nickname": "Your nickname",
    "page.join": "Join",
    "page.connecting": "Connecting…",
    "page.activity": "The activity",
    "page.results": "Results",
    "page.results_this": "Results of this class (CSV)",
    "page.results_every": "Results of every class (CSV)",
    "page.results_json": "(JSON)",
    "page.board": "The class board",
    # a student's count toward an activity's limit (the limits, 20 to 60, all take one form)
    "js.progress_throws": "{done} of {of} throws",
    "js.limit_reached_throws": "You have done your {of} throws: thank you! Watch the class's result on the board.",
    "js.progress_turns": "{done} of {of} turns",
    "js.limit_reached_turns": "You have done your {of} turns: thank you! Watch the class's result on the board.",
    "js.progress_tries": "{done} of {of} tries",
    "js.limit_reached_tries": "You have done your {of} tries: thank you! Watch the class's result on the board.",
    "js.progress_games": "{done} of {of} games",
    "js.limit_reached_games": "You have done your {of} games: thank you! Watch the class's result on the board.",
    "js.progress_results": "{done} of {of} results",
    "js.limit_reached_results": "You have done your {of} results: thank you! Watch the class's result on the board.",
    "js.page_taken": "Another student is {taken}: you are {name}.",
    "js.page_you_are": "You are {name}",
    "js.page_connected": "Connected.",
    "js.page_type_nickname": "Type a nickname and press Join.",
    "js.page_ended": "The class has ended. Thank you!",
    "js.page_removed": "Your teacher took this seat off the roster: join again with your own name.",
    "js.page_reconnecting": "Connection lost: reconnecting…",
    "js.page_nickname_first": "Type a nickname first.",
    "js.page_not_connected": "Not connected yet: try again in a moment.",
    "js.page_teacher": "dicelab class: teacher",
    "js.page_no_answer": (
        "The class server does not answer: open the teacher's address again once it runs."
    ),
    "js.page_wrong_key": "This key is not the teacher's: open the address the server printed.",
    "js.page_no_key": (
        "This browser does not hold the teacher's key: open the teacher's address the server "
        "printed (or the projector view)."
    ),
    "js.board_pooled_share": "Pooled share {share}",
    "js.board_not_known": "not known yet",
    "js.board_band": "band from {low} to {high}",
    "js.board_student_tally": "{name}: {successes} in {trials}, ± {spread} (2 SE)",
    "js.board_exact_is": "exact {exact}",
    "js.board_class_code": "Class code",
    "js.board_join": "Join the class",
    "js.board_qr": "QR code of {url}",
    "js.board_projector": "Projector view (no controls, safe to show)",
    "js.board_activity": "Activity",
    "js.board_robot": "Robot",
    "js.board_against": "against the {name} robot",
    "js.board_start": "Start",
    "js.board_start_anew": "Start anew",
    "js.board_start_aria": "{start}: the activity chosen",
    "js.board_stop": "Stop",
    "js.board_stop_aria": "Stop the activity",
    "js.board_reveal": "Reveal",
    "js.board_reveal_aria": "Reveal the exact value",
    "js.board_end": "End class",
    "js.board_end_aria": "End class (its results are kept)",
    "js.board_end_again": "Press again to end the class",
    "js.board_end_again_aria": (
        "Press again to end the class (its results are kept, the students join again)"
    ),
    "js.board_no_activity": "No activity running",
    "js.board_task": "{task} Pooled: {pooled}.",
    "js.board_class_result": (
        "Class: {successes} in {trials} = {share}, ± {error} (2 SE), from {students} students."
    ),
    "js.board_no_results": "No results yet.",
    "js.board_hidden_teacher": "The exact value is hidden: ask for predictions, then press Reveal.",
    "js.board_hidden_student": (
        "The exact value is hidden until your teacher reveals it: what do you predict?"
    ),
    "js.board_exact": "Exact: {exact} = {value}.",
    "js.board_column_student": "Student",
    "js.board_column_score": "Score",
    "js.board_column_robot": "Robot",
    "js.board_column_optimal": "Optimal",
    "js.board_latest_games": "Latest games",
    "js.board_rename": "Rename",
    "js.board_rename_aria": "Rename {name}",
    "js.board_new_name": "A new name for {name}",
    "js.board_remove": "Remove",
    "js.board_remove_aria": "Remove {name}",
    "js.board_remove_again": "Press again to remove",
    "js.board_remove_again_aria": (
        "Press again to remove {name} from the roster (their results are kept)"
    ),
    "js.board_merge": "Merge",
    "js.board_merge_aria": "Merge {name} into another student",
    "js.board_merge_into": (
        "Merge {name} into which student? Their results become theirs. Type the name:"
    ),
    "js.board_away": "(away)",
    "js.board_students": "Students: {students} ({online} here)",
    "js.board_done": "Done",
    "js.board_done_aria": "Done managing the roster",
    "js.board_manage": "Manage the roster",
    "js.board_manage_aria": "Manage the roster: rename, merge or remove a student",
    # --- the class activities (dicelab.classroom) ------------------------------------------
    "count.throw": {"one": "{n} throw", "other": "{n} throws"},
    "count.turn": {"one": "{n} turn", "other": "{n} turns"},
    "count.try": {"one": "{n} try", "other": "{n} tries"},
    "count.game": {"one": "{n} game", "other": "{n} games"},
    "count.farkle": {"one": "{n} farkle", "other": "{n} farkles"},
    "count.hot_dice": {"one": "hot dice {n} time", "other": "hot dice {n} times"},
    "count.six": {"one": "{n} six", "other": "{n} sixes"},
    "count.escape": {"one": "{n} escape", "other": "{n} escapes"},
    "count.yahtzee": {"one": "{n} Yahtzee", "other": "{n} Yahtzees"},
    "count.win": {"one": "{n} win", "other": "{n} wins"},
    "class.waiting": "Waiting for your teacher",
    "class.joined_as": "You joined as {name}. The activity starts when your teacher starts it.",
    "class.title": "Class",
    "class.no_button": "there is no {button} button now",
    "class.die_showing": "die {number} showing {face}",
    "class.die_held": "die {number} showing {face}, held",
    "class.tally": "You: {hits} in {throws}.",
    "class.press_throw": "Press Throw to throw {dice}.",
    "class.throw": "Throw",
    "class.throw_aria": "Throw {dice}",
    "class.your_dice": "Your {dice}",
    "class.six_dice": "six dice",
    "class.three_dice": "three dice",
    "class.one_die": "die",
    "farkles.heading": "Farkles: throw six dice",
    "farkles.help": "T throws the six dice. A throw where no die scores is a farkle.",
    "farkles.heading_three": "Farkles: throw three dice",
    "farkles.help_three": "T throws the three dice. A throw where no die scores is a farkle.",
    "farkles.heading_no_fives": "Farkles when a 5 scores nothing",
    "farkles.help_no_fives": (
        "T throws three dice. Under this rule a single 5 scores nothing: only 1s and three "
        "of a kind score. A throw where no die scores is a farkle."
    ),
    "farkles.hit": "Farkle! No die scores. ",
    "farkles.miss": "Something scores. ",
    "farkles.tag": "Farkle",
    "hot_dice.heading": "Hot dice: throw six dice",
    "hot_dice.help": (
        "T throws the six dice. When every die scores, that is hot dice: all six come back."
    ),
    "hot_dice.hit": "Hot dice! Every die scores. ",
    "hot_dice.miss": "Not every die scores. ",
    "hot_dice.tag": "Hot dice",
    "sixes.heading": "Sixes: throw one die",
    "sixes.help": "T throws the die. Count the sixes: does the share settle near one in six?",
    "sixes.hit": "A six! ",
    "sixes.miss": "Not a six. ",
    "sixes.tag": "Six",
    "cask_escape.heading": "Escape the first cask",
    "cask_escape.help": (
        "T throws the dice left; the dice that score go aside by themselves. A turn escapes "
        "when it reaches the top of the cask, and fails when a throw scores nothing."
    ),
    "cask_escape.your_dice": "Your dice",
    "cask_escape.aside": "Dice set aside this turn",
    "cask_escape.start": "Press Throw to start a turn at 0: reach {top} to escape.",
    "cask_escape.new_turn": "Throw (a new turn)",
    "cask_escape.again": "Throw again",
    "cask_escape.throw_aria": "Throw the dice left",
    "cask_escape.fails": "Nothing scores: this turn fails. ",
    "cask_escape.out": "{points}: out of the cask! ",
    "cask_escape.on": "{points}, {dice} left: throw to reach {top}.",
    "cask_escape.tally": "You: {escapes} in {turns}.",
    "cask_escape.scores": "Scores",
    "in_three.heading": "Yahtzee in three rolls",
    "in_three.help": (
        "R rolls the dice that are not held; 1 to 5 hold or release a die. N starts a new try."
    ),
    "in_three.your_dice": "Your five dice",
    "in_three.start": "Roll up to three times. Hold the dice you keep between rolls.",
    "in_three.new_try": "New try",
    "in_three.new_try_aria": "Start a new try",
    "in_three.used": "three rolls are used",
    "in_three.roll": "Roll ({left} left)",
    "in_three.roll_aria": "Roll the dice not held",
    "in_three.rolled": "Roll {number}: hold what you keep, then roll again.",
    "in_three.five": "Five of a kind in {rolls}!",
    "in_three.none": "No five of a kind.",
    "in_three.tally": "{said} You: {yahtzees} in {tries}.",
    "in_three.again": "A new try: roll up to three times.",
    "in_three.roll_first": "roll first, then hold dice",
    "tally.heading": "Tally: real dice",
    "tally.help": (
        "Throw six real dice, again and again; type how many throws and how many farkles, "
        "then Send."
    ),
    "tally.throws": "Throws of six dice",
    "tally.farkles": "of which farkles",
    "tally.start": "Throw six real dice several times and count the farkles.",
    "tally.sent": "Sent: {farkles} in {throws}. Thank you!",
    "tally.bad_throws": "the number of throws is from 1 to {most}, not {given}",
    "tally.bad_farkles": "the number of farkles is from 0 to the {throws} throws, not {given}",
    "first_player.heading": "Who wins, the first player?",
    "first_player.help": (
        "P plays one short game (first to 1000) between two robots that both play to win. "
        "Does the robot that goes first win more than half of the games?"
    ),
    "first_player.start": "Press Play a game.",
    "first_player.play": "Play a game",
    "first_player.play_aria": "Play one short game",
    "first_player.first": "First robot",
    "first_player.second": "Second robot",
    "first_player.first_won": "First robot won",
    "first_player.shared": "A shared win",
    "first_player.second_won": "Second robot won",
    "first_player.said": "{who}, {first} to {second}. First robot: {wins} in {games}.",
    "tournament.heading": "Design a robot",
    "thousand.class_keys": (
        "T throws the dice and S saves the turn's points; Space or Enter presses the focused "
        "button, so after a throw Space throws again. With the choose_keep setting, click the "
        "scoring dice (or press their numbers, 1 to 5) to pick them and A sets them aside. "
        "Once the game is over, A plays again."
    ),
    "fivethousand.class_keys": (
        "Click the shaker (or press T) to throw. After a throw every scoring die is out "
        "and the others are back in the shaker; click a die or press its number (1 to 6) "
        "to send it back into the shaker or take it out, and U to take the last click "
        "back. The dice you leave out are set aside and must all score. Space or Enter on "
        "a focused die or on the shaker clicks it. P passes: it sets aside the dice left "
        "out and banks the turn. Once the game is over, A plays again."
    ),
    "yahtzee.class_keys": (
        "Tab to a die and press Space or Enter to hold or release it, or press 1 to 5. "
        "R rolls, C confirms the chosen box. Once the game is over, A plays again."
    ),
    "class_game.again": "Play again",
    "class_game.again_aria": "Play again: a new game",
    "class_game.not_here": "that is not part of this class activity",
    "class_game.kept": "Kept for the class: your {points}. Play again for a new game.",
    "class_game.kept_optimal_high": (
        "Kept for the class: your {points}, as high as the optimal robot's {optimal} on the "
        "same dice: a success. Play again for a new game."
    ),
    "class_game.kept_optimal_low": (
        "Kept for the class: your {points}, below the optimal robot's {optimal} on the same "
        "dice. Play again for a new game."
    ),
    "class_game.kept_against": (
        "Kept for the class: {outcome}, your {points} to the robot's {robot}. "
        "Play again for a new game."
    ),
    "class_game.shared_win": "a shared win",
    "class_game.win": "a win",
    "class_game.loss": "a loss",
    "class_game.finish_first": "finish this game first",
    # --- a tournament's leaderboard (dicelab.widgets.leaderboard) -----------------------------
    "leaderboard.title": "Leaderboard",
    "leaderboard.heading": "Leaderboard: {games:,} games a pairing",
    "leaderboard.place": "place",
    "leaderboard.entrant": "entrant",
    "leaderboard.against": "against",
    "leaderboard.wins": "wins",
    "leaderboard.error": "± 2 SE",
    "leaderboard.games": "games",
    "leaderboard.exact": "exact",
    "leaderboard.progress": (
        "{done:,} of {total:,} games a pairing played (round {round} of {rounds})"
    ),
    "leaderboard.starting": "Starting the tournament: {entrants} entrants, {games:,} games a pairing…",
    "leaderboard.played": "Played: {pairs:,} pairings, {games:,} games each.",
    "leaderboard.stopped": "Stopped after {games:,} games a pairing.",
    "leaderboard.failed": "The tournament stopped: {why}",
    "leaderboard.empty": "No tournament yet: play one with .play(entrants, rules, games=…).",
    "leaderboard.basis": (
        "Wins: the share of its games an entrant won (a shared win counts half), with two "
        "standard errors either side; every pair played the same dice in both seat orders."
    ),
    "leaderboard.pairings": "Exact chances beside the simulated shares",
    "js.leaderboard_robot": "(robot)",
    # --- a strategy's card and builder (dicelab.widgets.strategy_card, strategy_builder) -----
    "card.heading": "{name}: when it banks",
    "card.caption": (
        "Rows: dice left to throw. Columns: turn points at risk ({cap} and more in the last). "
        "The darker a cell, the more of the score situations in which it banks there."
    ),
    "card.axis": "turn points",
    "card.points": "Exact points per turn: {points:.1f}",
    "card.busy": "Working out its exact points per turn…",
    "card.failed": "No exact points per turn: {why}",
    "card.set_aside": "Sets aside: {rule}.",
    "card.legend_bank": "B: banks at every score",
    "card.legend_some": "b: banks at some scores",
    "card.legend_throw": "blank: throws on",
    "card.title": "Strategy card",
    "set_aside.most_points": "the most points",
    "set_aside.fewest_dice": "the fewest dice for the points",
    "set_aside.keep_most_dice": "as few dice as it can, to throw the most again",
    "builder.heading": "Build a strategy",
    "builder.title": "Strategy builder",
    "builder.name": "Name",
    "builder.usual": "Bank from these turn points, by dice left",
    "builder.behind": "When behind by more than {limit} points",
    "builder.near": "When the opponent is within {limit} points of {target}",
    "builder.behind_limit": "behind by more than",
    "builder.near_limit": "opponent within",
    "builder.switch": "Use this",
    "builder.never": "never",
    "builder.earlier": "bank earlier",
    "builder.later": "bank later",
    "builder.less": "less",
    "builder.more": "more",
    "builder.set_aside": "Set aside",
    "builder.points": "points",
    "builder.summary_usual": "Banks from {limits}",
    "builder.summary_behind": "; when behind by more than {limit}, from {limits}",
    "builder.summary_near": "; when the opponent is within {limit} of the target, from {limits}",
    "builder.summary_end": "; sets aside {rule}; in the last turn, banks as soon as it is ahead.",
    "builder.all_dice": "{points} turn points whatever the dice left",
    "builder.never_all": "never (it always throws on)",
    "builder.at_dice": "{points} with {dice}",
    "builder.lowest": "{what} can't go below 0.",
    "builder.typed": (
        "{what}: type a whole number of points from 0 to {cap}, or never, not {typed}."
    ),
    "builder.typed_reach": "{what}: type a whole number of points from 0 to {cap}, not {typed}.",
    "builder.refused": "{why} The strategy is unchanged.",
    "builder.default_name": "my strategy",
    # --- the lessons' small displays (dicelab.widgets.lesson) ----------------------------------
    "lesson.die_showing": "a die showing {face}",
    "lesson.dice": "The dice {faces}",
    "lesson.answer": "Answer",
    "lesson.click_to_show": "(click to show)",
}
