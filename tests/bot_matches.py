"""Bot-against-bot checks shared by the game tests."""

import math


def play_checking_legality(game) -> None:
    """Play a bots-only game to its end, checking that every action the bots choose is legal."""
    while not game.is_over:
        action = game.bot_action()
        assert action in game.legal_actions()
        game.play(action)


def wins_of(game_class, strong: str, weak: str, games: int, rules=None) -> float:
    """``strong``'s wins over ``games`` seeded games against ``weak`` (who starts alternates;
    a shared win counts as a share)."""
    wins = 0.0
    for seed in range(games):
        seats = [{"name": strong, "bot": strong}, {"name": weak, "bot": weak}]
        game = game_class(players=seats[::-1] if seed % 2 else seats, rules=rules, seed=seed)
        game.play_bots()
        winners = [player.name for player in game.winners]
        wins += winners.count(strong) / len(winners)
    return wins


def beats_a_coin(wins: float, games: int) -> bool:
    """One-sided test: a fair coin wins this often with a chance below 0.15 %."""
    return wins > games / 2 + 3 * math.sqrt(games) / 2
