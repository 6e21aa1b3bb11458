"""Russian (русский): the catalogue of :mod:`dicelab.messages.en`, said as the seed's
Thousand app («Тысяча») says it: кубики, бросок, бочка, очки сгорели."""

NAME = "Русский"


def plural(n: float) -> str:
    """The plural form of ``n``: "one" (1, 21), "few" (2–4, 22, and a fraction: 1,5 победы)
    or "many" (5–20, 25, 11–14)."""
    if n != int(n):
        return "few"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def ordinal(n: int) -> str:
    """1-е, 2-е, 11-е."""
    return f"{n}-е"


MESSAGES: dict = {
    # --- имена и числа -----------------------------------------------------------------------
    "name.you": "Вы",
    "name.bot": "Робот {number}",
    "name.bot_word": "бот",
    "name.robot": "Робот",
    "name.red": "Красный",
    "name.player": "Игрок {number}",
    "count.point": {"one": "{n} очко", "few": "{n} очка", "many": "{n} очков"},
    "count.die": {"one": "{n} кубик", "few": "{n} кубика", "many": "{n} кубиков"},
    "list.and": "{first} и {last}",
    "game.fivethousand": "Пять тысяч",
    "game.thousand": "Тысяча",
    "game.yahtzee": "Яхтзи",
    "colour.white": "Белый",
    "colour.light_gray": "Светло-серый",
    "colour.dark_gray": "Тёмно-серый",
    "colour.black": "Чёрный",
    "colour.brown": "Коричневый",
    "colour.red": "Красный",
    "colour.orange": "Оранжевый",
    "colour.yellow": "Жёлтый",
    "colour.lime": "Салатовый",
    "colour.green": "Зелёный",
    "colour.cyan": "Голубой",
    "colour.blue": "Синий",
    "colour.purple": "Фиолетовый",
    "colour.magenta": "Пурпурный",
    "colour.rose": "Розовый",
    "colour.pink": "Светло-розовый",
    # --- стол --------------------------------------------------------------------------------
    "table.title": "Игра «{game}»",
    "table.turn_of": {"you": "Ваш ход", "other": "Ход: {who}"},
    "table.turn_of_robot": {"you": "Ваш ход (робот)", "other": "Ход: {who} (робот)"},
    "table.choose_players": "Выберите игроков и нажмите «Начать».",
    "table.new_game": {"you": "Новая игра: Вы начинаете.", "other": "Новая игра: начинает {who}."},
    "table.played": "{who}: ход {action}.",
    "table.preparing": (
        "Оптимальные роботы рассчитывают стратегию для этих правил: в первый раз это "
        "занимает несколько секунд, и блокнот пока ждёт."
    ),
    "table.interrupted": "Подготовка роботов прервана: нажмите «Начать», чтобы попробовать снова.",
    "table.resumed": "С возвращением: игра продолжается с того места, где её оставили.",
    "table.resumed_as_copy": (
        "Эта игра открыта и в другом блокноте, поэтому здесь она продолжается как копия "
        "и сохраняется отдельно."
    ),
    "table.not_saved": "эту игру не удалось сохранить: {problem}",
    "table.keys_sound": "M включает и выключает звуки игры.",
    "table.keys_pace": (
        "Когда за столом роботы, V меняет их темп (медленно, обычно, быстро, мгновенно), "
        "а J пропускает их ходы до вашего."
    ),
    "pace.slow": "медленно",
    "pace.normal": "обычно",
    "pace.fast": "быстро",
    "pace.instant": "мгновенно",
    "pace.seconds": "{seconds:g} с",
    "button.start": "Начать",
    "button.start_aria": "Начать игру",
    "button.rematch": "Реванш",
    "button.rematch_aria": "Реванш: те же игроки ещё раз",
    "button.new_game": "Новая игра",
    "button.new_game_aria": "Новая игра: выбрать игроков",
    "button.go_on": "Дальше",
    "button.go_on_aria": "Дальше: теперь играют роботы",
    "button.skip": "До моего хода",
    "button.skip_aria": "До моего хода: роботы доигрывают сразу",
    "button.on": "вкл.",
    "button.off": "выкл.",
    "button.sound": "Звук: {state}",
    "button.coach": "Тренер: {state}",
    "button.chances": "Шансы на победу: {state}",
    "button.switch_on": "{label}, включить",
    "button.switch_off": "{label}, выключить",
    "button.pace": "Роботы: {pace}",
    "button.pace_aria": "Роботы: {pace}; следующий темп — {then}",
    "button.take_back": "Вернуть",
    "button.take_back_aria": "Отменить последний выбор кубика",
    "button.throw": "Бросить {dice}",
    "button.save": "Записать {score}",
    "button.save_aria": "Записать {score}: очки хода, {points}",
    "button.set_aside": "Отложить",
    "button.set_aside_aria": "Отложить выбранные кубики",
    "setup.heading": "Новая игра: «{game}»",
    "setup.human": "Человек",
    "setup.bot": "Робот ({level})",
    "setup.custom": "свои",
    "moment.farkle": {"you": "Фаркл у вас!", "other": "Фаркл у игрока {who}!"},
    "moment.burn": {"you": "Ваши очки сгорели!", "other": "Очки сгорели: {who}!"},
    "moment.hot_dice": {"you": "Горячие кубики у вас!", "other": "Горячие кубики: {who}!"},
    "moment.yahtzee": {"you": "Яхтзи у вас!", "other": "Яхтзи: {who}!"},
    "moment.bonus": {"you": "Бонус у вас!", "other": "Бонус: {who}!"},
    "moment.win": {"you": "Вы победили!", "other": "Победа: {who}!"},
    "moment.shared": "Общая победа!",
    "result.alone": "Игра окончена: {points}.",
    "result.won": {
        "you": "Игра окончена: Вы победили, у вас {points}.",
        "other": "Игра окончена: побеждает {who}, у победителя {points}.",
    },
    "result.shared": "Игра окончена: {names} делят победу, у каждого {points}.",
    # --- отказы ------------------------------------------------------------------------------
    "refusal.no_game_yet": "игра ещё не идёт: нажмите «Начать»",
    "refusal.game_over_new": "игра окончена: нажмите «Новая игра», чтобы сыграть снова",
    "refusal.wait_for": "подождите: сейчас играет {who}",
    "refusal.started_players": "игра уже идёт: нажмите «Новая игра», чтобы сменить игроков",
    "refusal.started_rules": "игра уже идёт: нажмите «Новая игра», чтобы сменить правила",
    "refusal.players": "в игру «{game}» играют от 1 до {most} игроков",
    "refusal.game_over": "игра окончена",
    "refusal.still_rolling": "кубики ещё катятся",
    "refusal.set_aside_first": "сначала отложите хотя бы один очковый кубик",
    "refusal.already_aside": "вы уже отложили кубики из этого броска",
    "refusal.leave_one_out": "отложите хотя бы один очковый кубик",
    "refusal.alone_not_scoring": "{face} сама по себе не даёт очков",
    "refusal.together_not_scoring": "{faces} не дают очков вместе с остальными",
    "refusal.throw_first": "сначала бросьте кубики",
    "refusal.in_cask": "вы в бочке {low}–{high}: наберите {high}, чтобы записать",
    "refusal.nothing_to_take_back": "после броска ни один кубик не выбирался",
    "refusal.shared_colour": "у двух игроков один цвет ({colour}): каждому нужен свой",
    "refusal.pick_first": "сначала выберите очковые кубики, которые хотите отложить",
    "refusal.aside_by_themselves": "в этой игре очковые кубики откладываются сами",
    "refusal.throw_then_pick": "сначала бросьте кубики, потом выбирайте очковые",
    "refusal.aside_earlier": "этот кубик отложен раньше",
    "refusal.no_die": "кубика {number} нет",
    "refusal.not_scoring_here": "{face} не даёт очков в этом броске",
    # --- кубики ------------------------------------------------------------------------------
    "dice.of": {"you": "Ваши кубики", "other": "Кубики: {who}"},
    "dice.not_thrown_tray": "Кубики ещё не брошены",
    "dice.not_thrown": "ещё не брошен",
    "dice.aside_earlier": "{face}, отложен раньше",
    "dice.aside": "{face}, отложен",
    "dice.pick": "кубик {number}: {face}",
    "dice.picked": "кубик {number}: {face}, выбран",
    "dice.no_score": "{face}, без очков",
    "dice.tag_aside": "Отложен",
    "dice.tag_no_score": "Пустой",
    "proposal.sentence": "Предложение ({source}): отложить {faces} за {points}.",
    "proposal.coach": "лучший ход по тренеру",
    "proposal.most_points": "больше всего очков сейчас",
    # --- Тысяча ------------------------------------------------------------------------------
    "thousand.keys": (
        "T бросает кубики, S записывает очки хода; пробел или Enter нажимает выбранную кнопку, "
        "так что после броска пробел бросает снова. С настройкой choose_keep щёлкайте по "
        "очковым кубикам (или нажимайте их номера, от 1 до 5), чтобы выбрать их, а A их "
        "откладывает. K включает и выключает тренера, W показывает или прячет шансы игроков "
        "на победу. S начинает игру, N готовит новую. Escape возвращает в блокнот."
    ),
    "thousand.cask": "бочка",
    "thousand.picks": {
        "you": "Вы выбираете {dice}, чтобы отложить.",
        "other": "{who} выбирает {dice}, чтобы отложить.",
    },
    "thousand.saves": {
        "you": "Вы записываете {points}, теперь у вас {score}.",
        "other": "{who} записывает {points}, теперь всего {score}.",
    },
    "thousand.saves_in_cask": {
        "you": "Вы записываете {points}, теперь у вас {score} — в бочке {cask}.",
        "other": "{who} записывает {points}, теперь всего {score} — в бочке {cask}.",
    },
    "thousand.sets_aside": {
        "you": "Вы откладываете {dice}: {outcome}",
        "other": "{who} откладывает {dice}: {outcome}",
    },
    "thousand.threw": {"you": "Вы бросаете: {dice}.", "other": "{who} бросает: {dice}."},
    "thousand.threw_setting_aside": {
        "you": "Вы бросаете: {dice} и откладываете {part}: {outcome}",
        "other": "{who} бросает: {dice} и откладывает {part}: {outcome}",
    },
    "thousand.no_combination": {
        "you": "Вы бросаете: {dice} — ни одной комбинации, ход сгорел! {lost}.",
        "other": "{who} бросает: {dice} — ни одной комбинации, ход сгорел! {lost}.",
    },
    "thousand.turn_burned": {
        "one": "Потеряно {n} очко хода",
        "few": "Потеряно {n} очка хода",
        "many": "Потеряно {n} очков хода",
    },
    "thousand.turn_ends": "Ход окончен",
    "thousand.over_target": {
        "you": "+{points}, у вас было бы {standing} — больше {target}: очки хода ({turn}) сгорели.",
        "other": "+{points}, было бы {standing} — больше {target}: очки хода ({turn}) сгорели.",
    },
    "thousand.exact_win": {
        "you": "+{points}: у вас ровно {target}, победа!",
        "other": "+{points}: у игрока {who} ровно {target}, победа!",
    },
    "thousand.this_turn": "+{points}, за ход {turn}",
    "thousand.hot_dice": {
        "one": "кубик принёс очки, его бросают снова",
        "few": "все {n} кубика принесли очки, их бросают снова",
        "many": "все {n} кубиков принесли очки, их бросают снова",
    },
    "thousand.needs": {
        "you": "вам нужно ещё {more}, чтобы выйти из бочки {cask} и записать",
        "other": "игроку {who} нужно ещё {more}, чтобы выйти из бочки {cask} и записать",
    },
    "scales.banked": "{name}: записано {banked}",
    "scales.would_stand": "будет {standing}",
    "scales.would_stand_if_saved": "будет {standing}, если записать",
    "scales.in_cask": "в бочке {cask}",
    "scales.needed": "для записи нужно ещё {more}",
    "caption.turn": "{turn}: за ход {points}, записано {banked}",
    "caption.cask": "{text}; нужно ещё {more}, чтобы выйти из бочки {cask} и остановиться.",
    "caption.stop_now": "{text}, если остановиться сейчас — {standing}.",
    # --- Пять тысяч --------------------------------------------------------------------------
    "fivethousand.keys": (
        "Щёлкните по стаканчику (или нажмите T), чтобы бросить. После броска все очковые "
        "кубики выложены, остальные снова в стаканчике; щёлкните по кубику или нажмите его "
        "номер (от 1 до 6), чтобы вернуть его в стаканчик или выложить, а U отменяет "
        "последний щелчок. Выложенные кубики откладываются, и каждый должен давать очки. "
        "Пробел или Enter на выбранном кубике или стаканчике щёлкает по нему. P — пас: "
        "выложенные кубики откладываются, и очки хода записываются. K включает и выключает "
        "тренера, W показывает или прячет шансы игроков на победу. S начинает игру, N "
        "готовит новую, Escape возвращает в блокнот."
    ),
    # --- Яхтзи -------------------------------------------------------------------------------
    "yahtzee.keys": (
        "Перейдите к кубику клавишей Tab и нажмите пробел или Enter, чтобы придержать его "
        "или отпустить, либо нажмите 1–5. R бросает, C подтверждает выбранную клетку, K "
        "включает и выключает тренера, W показывает или прячет шансы игроков на победу, S "
        "начинает игру, N готовит новую. Escape возвращает в блокнот."
    ),
    # --- слова самого браузера (поля {…} заполняет он) ----------------------------------------
    "js.keys": "Клавиши",
    "js.keys_on": "Клавиши: включены (Esc возвращает их блокноту)",
    "js.keys_off": "Клавиши: выключены. Щёлкните по игре, чтобы играть клавишами",
    "js.disconnected": (
        "Игра больше не на связи. Выполните ячейку снова, чтобы продолжить с того же места."
    ),
    "js.scales": "Шкалы от 0 до {target}",
    "js.coach": "Тренер",
    "js.coach_best": "Лучший",
    "js.coach_rate_by": "Оценивать по",
    "js.coach_rate_by_label": "Оценивать по:",
    "js.chances": "Шансы на победу",
    "js.chances_seats": "Шансы каждого игрока на победу",
    "js.advice": "Подсказки с одного взгляда",
    "js.advice_chances": "Шансы на победу:",
    "js.die_kept": "Отложен",
    "js.setup_player": "игрок {number}",
    "js.setup_name": "Имя: {who}",
    "js.setup_previous_colour": "Предыдущий цвет: {who}",
    "js.setup_next_colour": "Следующий цвет: {who}",
    "js.setup_kind": "Кто играет: {who}",
    "js.setup_players": "Игроки",
    "js.setup_fewer": "На одного игрока меньше",
    "js.setup_more": "На одного игрока больше",
    "js.setup_rules": "Правила",
    "js.to_play": "ходит",
    "js.scores": "Очки",
    "history.caption": "История",
    "scales.legend_cask": "бочка: записать нельзя, пока из неё не выйдешь",
    "scales.legend_banked": "записано",
    "scales.legend_standing": "если остановиться сейчас",
    # --- тренер -----------------------------------------------------------------------------
    "count.decision": {"one": "{n} решение", "few": "{n} решения", "many": "{n} решений"},
    "coach.points": "Очки",
    "coach.fewest_turns": "Меньше ходов",
    "coach.odds_throw": "Шансы следующего броска:",
    "coach.odds_boxes": "Шанс заполнить каждую открытую клетку к концу хода, если играть на неё:",
    "coach.set_aside": "отложить {faces}",
    "coach.set_aside_and": "отложить {faces} и {then}",
    "coach.pass": "пас ({points})",
    "coach.save": "записать ({points})",
    "coach.win": "победить",
    "coach.burn": "сгореть",
    "coach.throw": "бросить {dice}",
    "coach.farkle_chance": "Риск сгореть, бросая {dice}",
    "coach.why": (
        "Больше всего очков сейчас — {rival}: {rival_value}; лучший ход — {best}: {best_value}."
    ),
    "coach.why_throw_on": (
        "Больше всего очков сейчас — {rival}: {rival_value}; лучший ход — {best}: "
        "{best_value}: бросить дальше {dice} выгоднее, чем остановиться."
    ),
    "coach.why_keeps": (
        "Больше всего очков сейчас — {rival}: {rival_value}; лучший ход — {best}: "
        "{best_value}: для броска остаётся {dice}, а не {fewer}."
    ),
    "coach.situation_throw": "бросок {faces} ({points} за ход)",
    "coach.situation": "{points} за ход, бросать {dice}",
    "coach.score_box": "записать в «{box}» ({points})",
    "coach.roll_all": "перебросить все пять",
    "coach.hold_and_roll": "придержать {faces} и бросить {dice}",
    "coach.before_first_roll": "до первого броска",
    "coach.rolls_left": {
        "one": "кубики {faces} (остался {n} бросок)",
        "few": "кубики {faces} (осталось {n} броска)",
        "many": "кубики {faces} (осталось {n} бросков)",
    },
    "coach.best_move": "Лучший ход: {label} ({value}).",
    "coach.move_cost": "Ваш ход стоил {cost} по сравнению с лучшим: {label} ({value}).",
    "unit.points": "{value} очка",
    "unit.turns": "{value} хода",
    "cost.turn_points": "{cost} очка ожидаемого счёта за ход",
    "cost.win": "{cost} п. п. шанса на победу",
    "cost.game_win": "{cost} п. п. шанса выиграть игру",
    "cost.turns": "{cost} лишнего хода в среднем",
    "cost.final_score": "{cost} очка ожидаемого итога",
    "measure.turn_points": "ожидаемые очки за этот ход",
    "measure.last_turn_win": "шанс победить этим последним ходом",
    "measure.game_win": "шанс выиграть игру",
    "measure.turns": "ожидаемое число ходов до цели",
    "measure.final_score": "ожидаемый итоговый счёт",
    "measure.win_estimate": "оценка шанса выиграть игру",
    "box.ones": "Единицы",
    "box.twos": "Двойки",
    "box.threes": "Тройки",
    "box.fours": "Четвёрки",
    "box.fives": "Пятёрки",
    "box.sixes": "Шестёрки",
    "box.one_pair": "Пара",
    "box.two_pairs": "Две пары",
    "box.three_of_a_kind": "Тройка",
    "box.four_of_a_kind": "Каре",
    "box.full_house": "Фулл-хаус",
    "box.small_straight": "Малый стрит",
    "box.large_straight": "Большой стрит",
    "box.yahtzee": "Яхтзи",
    "box.chance": "Шанс",
    "coaching.thinking": (
        "Тренер думает… ищет лучшую игру для этих правил. В первый раз это занимает от "
        "нескольких секунд до минуты, потом результат сохраняется; играйте пока дальше."
    ),
    "coaching.thinking_short": "Тренер думает…",
    "coaching.win_not_offered": "Оценка по шансу на победу недоступна: {why}.",
    "coaching.cannot": "тренер не может советовать по этим правилам: {problem}",
    "coaching.verdict_of": "{name}: {verdict}",
    "coaching.bot_turn": "{name} — робот: тренер советует и оценивает только людей.",
    "coaching.chance_to_win": "Шанс на победу",
    "coaching.best": "Совет тренера: {label} ({value}).",
    "coaching.options": {
        "you": "Лучшие варианты для вас, {situation}:",
        "other": "Лучшие варианты ({who}), {situation}:",
    },
    "coaching.one_option": "{name}, {situation}: {label} ({value}).",
    "coaching.nothing_yet": "{name}, {situation}: выбирать пока нечего.",
    "coaching.values_win": {
        "you": "Числа: {measure} для вас. {basis}",
        "other": "Числа: {measure} ({who}). {basis}",
    },
    "coaching.values_alone": {
        "you": (
            "Числа: {measure} для вас при лучшей игре отсюда, как будто вы одни за столом "
            "(остальные игроки не учитываются)."
        ),
        "other": (
            "Числа: {measure} ({who}) при лучшей игре отсюда, как будто за столом больше "
            "никого нет (остальные игроки не учитываются)."
        ),
    },
    "coaching.report": "Отчёт тренера, оценка: {measure}",
    "coaching.no_decisions": "Ни одно решение не оценено: тренер оценивает ходы людей, пока он включён.",
    "coaching.summary": "{name}: лучших {best} из {decisions}; всего ожидаемых потерь {cost}.",
    "coaching.costliest": "{name}, {situation}: {taken} стоило {cost}; лучше было {best}.",
    # --- шансы на победу -------------------------------------------------------------------
    "name.robot_seat": "{name} (робот)",
    "percent.under_1": "меньше 1%",
    "percent.over_99": "больше 99%",
    "chances.alone": "вы играете в одиночку, обыгрывать некого",
    "chances.too_large": (
        "эти правила крупнее любого набора (цель выше в шагах очков или больше кубиков), "
        "и расчёт занял бы много минут"
    ),
    "chances.saved": "потом они сохраняются",
    "chances.kept": "потом они хранятся, пока работает блокнот",
    "chances.up_to_a_minute": "до минуты",
    "chances.several_minutes": "несколько минут (четверть часа при цели 10 000)",
    "chances.a_few_seconds": "несколько секунд",
    "chances.basis_two": (
        "Точные шансы, если оба игрока отсюда играют на победу (общая победа считается "
        "за половину)."
    ),
    "chances.basis_finishing": (
        "Точные шансы, если каждый игрок отсюда старается закончить за меньшее число ходов "
        "(каждый сам по себе, лучшая игра в одиночку): тогда число ходов до финиша у игроков "
        "не зависит друг от друга, и побеждает первый, кто по очереди ходов достигнет цели."
    ),
    "chances.basis_pairwise": (
        "Оценка по точным шансам каждой пары игроков, играющих на победу, как будто за "
        "столом только они двое: шансы игрока против каждого другого перемножаются, потом "
        "приводятся к сумме 100%."
    ),
    "chances.basis_yahtzee": (
        "Оценка по ожидаемому итогу каждой карточки и его разбросу при лучшей игре в "
        "одиночку: точна в начале игры, грубее ближе к концу."
    ),
    "chances.none_shown": "Шансы на победу не показаны: {why}.",
    "chances.none_for_rules": "Для этих правил шансов на победу нет: {problem}.",
    "chances.computing": (
        "Расчёт… считаются шансы на победу для этих правил: в первый раз это занимает "
        "{first_time}, {kept}. Играйте пока дальше."
    ),
    "chances.computing_short": "расчёт…",
    # --- стол «Пяти тысяч» -----------------------------------------------------------------
    "refusal.no_dice_on_table": "на столе нет кубиков: щёлкните по стаканчику, чтобы бросить",
    "refusal.aside_stay_out": (
        "кубики, отложенные в прошлых бросках, остаются в стороне: в стаканчик их не вернуть"
    ),
    "button.pass": "ПАС",
    "button.pass_aria": "ПАС: записать {points}",
    "fivethousand.throws": {"you": "Вы бросаете: {dice}.", "other": "{who} бросает: {dice}."},
    "fivethousand.sets_aside": {
        "you": "Вы откладываете {dice} ({points}; за ход {turn}).",
        "other": "{who} откладывает {dice} ({points}; за ход {turn}).",
    },
    "fivethousand.burned": "Это больше {target}: ход сгорел, {points} пропадают.",
    "fivethousand.exact_win": {
        "you": "Ровно {target}: вы выиграли!",
        "other": "Ровно {target}: {who} выигрывает!",
    },
    "fivethousand.hot_dice": {
        "one": "Кубик принёс очки: бонусный раунд! Бросьте его снова или пасуйте.",
        "few": "Все {n} кубика принесли очки: бонусный раунд! Бросьте все {n} снова или пасуйте.",
        "many": "Все {n} кубиков принесли очки: бонусный раунд! Бросьте все {n} снова или пасуйте.",
    },
    "fivethousand.passes": {
        "you": "Вы пасуете и записываете {points}: всего {score}.",
        "other": "{who} пасует и записывает {points}: всего {score}.",
    },
    "fivethousand.bonus_farkle_loses": {
        "you": (
            "Фаркл в бонусном раунде: Вы теряете очки этого раунда ({lost}), но записываете "
            "очки завершённых раундов ({kept})."
        ),
        "other": (
            "Фаркл в бонусном раунде: {who} теряет очки этого раунда ({lost}), но записывает "
            "очки завершённых раундов ({kept})."
        ),
    },
    "fivethousand.bonus_farkle": {
        "you": "Фаркл в бонусном раунде: Вы записываете очки завершённых раундов ({kept}).",
        "other": "Фаркл в бонусном раунде: {who} записывает очки завершённых раундов ({kept}).",
    },
    "fivethousand.farkle_turn_ends": "Фаркл! Ни один кубик не принёс очков: ход окончен.",
    "fivethousand.farkle": {
        "you": "Фаркл! Ни один кубик не принёс очков: очки хода сгорели ({lost}).",
        "other": "Фаркл! Ни один кубик не принёс очков: {who} теряет очки хода ({lost}).",
    },
    "fivethousand.reached": {
        "you": "Вы набрали {target}: {last}",
        "other": "{who} набирает {target}: {last}",
    },
    "fivethousand.reached_past": {
        "you": "Вы набрали {target} и больше — {score}: {last}",
        "other": "{who} набирает {target} и больше — {score}: {last}",
    },
    "fivethousand.last_turn_one": {
        "you": "у вас остаётся последний ход.",
        "other": "у игрока {who} остаётся последний ход.",
    },
    "fivethousand.last_turn": "у игроков {names} остаётся по последнему ходу.",
    "fivethousand.final_turn": {
        "you": "Последний ход: чтобы победить, вам нужно больше {score}.",
        "other": "Последний ход: чтобы победить, игроку {who} нужно больше {score}.",
    },
    "fivethousand.rules": "Правила: {preset}, до {target}",
    "fivethousand.thrown_by": {"you": "Ваш бросок", "other": "Бросок: {who}"},
    "fivethousand.die_aside": "отложенный кубик: {face}",
    "fivethousand.aside_this_round": "Кубики, отложенные в этом раунде",
    "fivethousand.note_winner": "победитель",
    "fivethousand.note_last_turn": "последний ход",
    "fivethousand.this_turn": "За ход",
    "fivethousand.banked": "Записано",
    "fivethousand.stop_now": "Если остановиться",
    "fivethousand.tag_farkle": "Фаркл",
    "fivethousand.die_no_score": "кубик {number}: {face}, без очков",
    "fivethousand.tag_back": "В стаканчик",
    "fivethousand.tag_out": "Выложен",
    "fivethousand.die_back": "кубик {number}: {face}, обратно в стаканчик",
    "fivethousand.die_out": "кубик {number}: {face}, выложен",
    "fivethousand.scoring_only": "Выкладывайте только очковые кубики",
    "fivethousand.aside_bonus": "Отложить {points}: бонусный раунд",
    "fivethousand.aside_throw": "Отложить {points}, бросить {dice}",
    "fivethousand.shaker_empty": "Стаканчик: пусто",
    "fivethousand.shaker_bonus": "Стаканчик: дальше бонусный раунд",
    "fivethousand.shaker_throw": "Стаканчик: бросить {dice}",
    "fivethousand.shaker_setting_aside": "{shaker}, выложенные кубики откладываются",
    "fivethousand.shaker_every_die": "{shaker}: все кубики откладываются",
    "fivethousand.nothing": "ничего",
    "fivethousand.leaves_out": {
        "you": "Вы выкладываете {out} и возвращаете {back} в стаканчик",
        "other": "{who} выкладывает {out} и возвращает {back} в стаканчик",
    },
    # --- стол «Яхтзи» ------------------------------------------------------------------------
    "count.roll": {"one": "{n} бросок", "few": "{n} броска", "many": "{n} бросков"},
    "list.comma": "{first}, {next}",
    "list.or": "{first} или {last}",
    "refusal.rolled_all": "вы уже бросили {rolls} раза: выберите клетку для записи",
    "refusal.all_held": "все кубики придержаны: отпустите хотя бы один, чтобы бросить",
    "refusal.roll_first": "сначала бросьте кубики",
    "refusal.no_rolls_left": "бросков не осталось, придерживать нечего: выберите клетку",
    "refusal.already_held": "этот кубик уже придержан",
    "refusal.not_held": "этот кубик не придержан",
    "refusal.roll_before_score": "сначала бросьте кубики, потом записывайте",
    "refusal.box_used": "клетка «{box}» уже занята",
    "refusal.joker": "правило джокера: этот Яхтзи нужно записать в {boxes}",
    "refusal.other_column": {
        "you": "сейчас ваш ход: выберите клетку в своём столбце, а не в столбце «{owner}»",
        "other": "сейчас ходит {who}: выберите клетку в столбце игрока {who}, а не «{owner}»",
    },
    "refusal.box_filled": {
        "you": "клетка «{box}» на вашей карточке уже заполнена ({points}): выберите пустую",
        "other": "клетка «{box}» у игрока {who} уже заполнена ({points}): выберите пустую",
    },
    "refusal.roll_then_choose": "сначала бросьте кубики, потом выберите клетку в таблице",
    "refusal.choose_first": "сначала выберите клетку в таблице",
    "button.roll": "Бросить кубики, осталось: {rolls}",
    "button.confirm": "Записать",
    "button.confirm_aria": "Записать в «{box}»",
    "yahtzee.owned_by": {"you": "ваш", "other": "{who}"},
    "yahtzee.would_score": {
        "you": "«{box}» даст вам {points}. Нажмите «Записать», чтобы записать.",
        "other": "«{box}» даст игроку {who} {points}. Нажмите «Записать», чтобы записать.",
    },
    "yahtzee.chosen_box": "выбранную клетку",
    "yahtzee.chooses": {
        "you": "Вы выбираете «{box}» ({points}).",
        "other": "{who} выбирает «{box}» ({points}).",
    },
    "yahtzee.left": "осталось: {rolls}",
    "yahtzee.now_choose": "теперь выберите клетку",
    "yahtzee.rolled": {
        "you": "Вы бросаете: {dice}; {after}.",
        "other": "{who} бросает: {dice}; {after}.",
    },
    "yahtzee.holds": {
        "you": "Вы придерживаете кубик {number} ({face}).",
        "other": "{who} придерживает кубик {number} ({face}).",
    },
    "yahtzee.releases": {
        "you": "Вы отпускаете кубик {number} ({face}).",
        "other": "{who} отпускает кубик {number} ({face}).",
    },
    "yahtzee.scores": {
        "you": "Вы записываете {points} в «{box}».",
        "other": "{who} записывает {points} в «{box}».",
    },
    "yahtzee.scores_bonus": {
        "you": "Вы записываете {points} в «{box}» и получаете бонус Яхтзи {bonus}.",
        "other": "{who} записывает {points} в «{box}» и получает бонус Яхтзи {bonus}.",
    },
    "yahtzee.scorecard": "Таблица очков (правила: {preset})",
    "yahtzee.die_not_rolled": "кубик {number}, ещё не брошен",
    "yahtzee.die": "кубик {number}: {face}",
    "yahtzee.die_held": "кубик {number}: {face}, придержан",
    "yahtzee.upper_bonus": "Бонус ({bonus} за {threshold})",
    "yahtzee.yahtzee_bonus": "Бонус Яхтзи",
    "yahtzee.total": "Итого",
    "yahtzee.upper_total": "Верх, сумма",
    "yahtzee.upper_progress": "{text}, сумма верха: {total} из {threshold} для бонуса",
    "yahtzee.cell_scored": "{points} записано в «{box}» ({name})",
    "yahtzee.cell_preview": "{points} можно записать в «{box}» ({name})",
    "yahtzee.cell_chosen": "{points} можно записать в «{box}» ({name}), выбрано",
    "yahtzee.cell_open": "«{box}» ({name}): свободно",
    "yahtzee.total_cell": "{value}, {label}",
    "yahtzee.total_zero": "{label}: 0",
    # --- команда dicelab ----------------------------------------------------------------------
    "demo.robot_a": "Робот А",
    "demo.robot_b": "Робот Б",
    "demo.cask_aware": "Знаток бочек",
    "demo.simple": "Простак",
    "demo.greedy": "Жадина",
    "demo.random": "Наугад",
    "demo.heading": "Партия в «{game}» между роботами (сид {seed}).",
    "demo.throw": "{name} бросает",
    "demo.roll": "{name} бросает",
    "demo.bank": "{name} записывает {detail}",
    "demo.set_aside": "{name} откладывает {detail}",
    "demo.hold": "{name} придерживает кубик {detail}",
    "demo.release": "{name} отпускает кубик {detail}",
    "demo.score": "{name} записывает в «{detail}»",
    "demo.farkle": "фаркл",
    "demo.burned": "сгорел",
    "demo.past_target": "{line}: {lost}, больше {target}!",
    "demo.points_lost": "потеряно: {points}",
    "demo.points_kept": ", сохранено: {points}.",
    "demo.this_turn": "(за ход {points})",
    "demo.scores": "Счёт: {scores}",
    "demo.winner": "Победитель: {names}",
    "cli.usage": "использование: {usage}",
    "cli.arguments": "позиционные аргументы",
    "cli.options": "параметры",
    "cli.help": "показать эту справку и выйти",
    "cli.version": "показать версию программы и выйти",
    "cli.error": "{prog}: ошибка: {problem}",
    "cli.description": "dicelab: «Пять тысяч», «Тысяча» и «Яхтзи» в блокнотах Jupyter.",
    "cli.epilog": "Параметры команды: 'dicelab КОМАНДА --help'.",
    "cli.lang_help": "язык, на котором говорит dicelab: {there} (по умолчанию en)",
    "cli.lab_help": "открыть учебные блокноты в JupyterLab",
    "cli.lab_description": (
        "Скопировать учебные блокноты в FOLDER (блокнот, который там уже есть, остаётся\n"
        "как был) и запустить там JupyterLab, пока вы его не остановите.\n"
        "\n"
        "Аргументы после -- передаются самому JupyterLab:\n"
        "  dicelab lab -- --port 9000 --IdentityProvider.token=''\n"
        "\n"
        "Под root (контейнеры, Colab, образы для классов) dicelab добавляет --allow-root,\n"
        "без которого JupyterLab там не запустится, и сообщает об этом. Ctrl-C (SIGINT),\n"
        "SIGTERM и SIGHUP аккуратно останавливают сервер без вопросов; второй сигнал его\n"
        "завершает. Когда dicelab заканчивает работу, сервер не остаётся запущенным.\n"
        "\n"
        "Чтобы весь класс играл из своих браузеров без JupyterLab, запустите\n"
        "'dicelab class serve' (или Classroom() в блокноте; см. README).\n"
    ),
    "cli.lab_folder": (
        "куда положить блокноты (по умолчанию ./dicelab-notebooks, с --teacher "
        "./dicelab-teacher-notebooks)"
    ),
    "cli.lab_teacher": "издание для учителя: разобранные ответы, план урока, итоговые вопросы",
    "cli.lab_no_browser": "не открывать браузер",
    "cli.lab_dry_run": "скопировать блокноты и показать команду, но ничего не запускать",
    "cli.demo_help": "посмотреть, как роботы играют в терминале",
    "cli.demo_description": (
        "Роботы играют целую партию, по строке на ход. Вывод можно передать дальше "
        "(dicelab demo | head -5)."
    ),
    "cli.demo_seed": "с тем же сидом разыгрывается та же партия",
    "cli.handout_help": "напечатать листок для класса по игре или рабочий лист урока",
    "cli.handout_description": (
        "Записать HTML-страницу для печати: для игры — правила, таблицу очков, пустую "
        "карточку или лист подсчёта и упражнения урока; для урока (от lesson1 до "
        "lesson{last}) — рабочий лист с полями для прогнозов, подсчётом классного "
        "эксперимента и упражнениями. Без ответов, если --teacher не просит ключ ответов."
    ),
    "cli.handout_output": (
        "HTML-файл для записи, папка для него или - для стандартного вывода "
        "(по умолчанию GAME-handout.html)"
    ),
    "cli.handout_teacher": (
        "рабочий лист урока с ключом ответов, рассчитанным запуском издания для учителя "
        "(минута-другая; нужен набор lab); файл по умолчанию lessonN-answers.html"
    ),
    "cli.class_help": "запустить сервер класса, к которому ученики подключаются из браузера",
    "cli.class_description": (
        "Сервер класса: ученики подключаются из любого браузера по коду, участвуют в "
        "заданиях и играх, а их результаты сразу собираются для учителя."
    ),
    "cli.serve_help": "запустить сервер класса",
    "cli.serve_description": (
        "Запустить сервер класса и напечатать адрес для учеников (с кодом класса), "
        "доску для проектора (только чтение, без секрета) и адрес учителя (с секретным "
        "токеном). Результаты хранятся в SQLite в папке --data; перезапущенный сервер "
        "продолжает с того места, где остановился."
    ),
    "cli.serve_host": (
        "адрес, который слушает сервер (по умолчанию 127.0.0.1, только этот компьютер; "
        "0.0.0.0 открывает класс для локальной сети)"
    ),
    "cli.serve_port": "порт (по умолчанию 8765; 0 — любой свободный)",
    "cli.serve_data": (
        "папка с данными класса (по умолчанию папка данных пользователя, "
        "~/.local/share/dicelab/class)"
    ),
    "cli.serve_activity": "задание, с которого начать, например farkles",
    "cli.serve_base_path": (
        "префикс пути, по которому доступен сервер, например "
        "/user/NAME/proxy/8765/ через jupyter-server-proxy"
    ),
    "cli.only_lab_passes_on": (
        "аргументы после -- передаёт дальше только 'dicelab lab', а не 'dicelab {command}'"
    ),
    "cli.no_notebooks": "в этой установке не найдено учебных блокнотов",
    "cli.folder_is_file": "{folder} — это файл, а не папка: укажите папку для блокнотов",
    "cli.cannot_make": "не удаётся создать папку {folder}: {reason}",
    "cli.kept": "ваша копия {target} сохранена как есть",
    "cli.moved_aside": "{target} не открывается: файл перенесён в {aside}",
    "cli.cannot_write": "не удаётся записать {target}: {reason}",
    "cli.copied_student": "скопирован {target} (издание для ученика)",
    "cli.copied_teacher": "скопирован {target} (издание для учителя)",
    "cli.too_many_damaged": "слишком много повреждённых копий {name} в {folder}",
    "cli.root": "dicelab: вы root, поэтому JupyterLab запускается с --allow-root",
    "cli.would_run": "была бы запущена команда: {command}",
    "cli.stopping": "dicelab: получен {signal}, JupyterLab останавливается",
    "cli.teacher_lessons_only": (
        "--teacher добавляет ключ ответов к рабочему листу урока: укажите от lesson1 до lesson7"
    ),
    "cli.no_folder": "папки {folder} нет",
    "cli.wrote": "записан {path}: откройте его в браузере и напечатайте",
    "cli.failed": "dicelab: {problem}",
    "cli.no_activity": "dicelab: задания {activity} нет; есть {there}",
    "cli.cannot_listen": "dicelab: сервер класса не может слушать {where}: {problem}",
    "cli.not_a_seed_because": "{shown} не подходит как сид: {problem}",
    "cli.not_a_seed": "{shown} не подходит как сид (нужно целое число от 0 до {most})",
    "cli.not_a_port": (
        "{shown} не подходит как порт (нужно целое число от 1 до 65535 или 0 — любой свободный)"
    ),
    # --- страницы класса ----------------------------------------------------------------------
    "page.lang": "ru",
    "page.title": "Класс dicelab",
    "page.nickname": "Ваш ник",
    "page.join": "Войти",
    "page.connecting": "Подключение…",
    "page.activity": "Задание",
    "page.results": "Результаты",
    "page.results_this": "Результаты этого урока (CSV)",
    "page.results_every": "Результаты всех уроков (CSV)",
    "page.results_json": "(JSON)",
    "page.board": "Доска класса",
    # счёт ученика до предела задания (пределы от 20 до 60: у всех одна форма)
    "js.progress_throws": "{done} из {of} бросков",
    "js.limit_reached_throws": "Вы сделали все {of} бросков: спасибо! Следите за результатом класса на доске.",
    "js.progress_turns": "{done} из {of} ходов",
    "js.limit_reached_turns": "Вы сделали все {of} ходов: спасибо! Следите за результатом класса на доске.",
    "js.progress_tries": "{done} из {of} попыток",
    "js.limit_reached_tries": "Вы сделали все {of} попыток: спасибо! Следите за результатом класса на доске.",
    "js.progress_games": "{done} из {of} партий",
    "js.limit_reached_games": "Вы сделали все {of} партий: спасибо! Следите за результатом класса на доске.",
    "js.progress_results": "{done} из {of} результатов",
    "js.limit_reached_results": "Вы сделали все {of} результатов: спасибо! Следите за результатом класса на доске.",
    "js.page_taken": "Ник {taken} уже занят другим учеником: вы — {name}.",
    "js.page_you_are": "Вы — {name}",
    "js.page_connected": "Подключено.",
    "js.page_type_nickname": "Введите ник и нажмите «Войти».",
    "js.page_ended": "Урок окончен. Спасибо!",
    "js.page_removed": "Учитель убрал это место из списка: войдите снова под своим именем.",
    "js.page_reconnecting": "Связь потеряна: переподключение…",
    "js.page_nickname_first": "Сначала введите ник.",
    "js.page_not_connected": "Ещё нет подключения: попробуйте через минутку.",
    "js.page_teacher": "Класс dicelab: учитель",
    "js.page_no_answer": (
        "Сервер класса не отвечает: откройте адрес учителя снова, когда он заработает."
    ),
    "js.page_wrong_key": "Это не ключ учителя: откройте адрес, который напечатал сервер.",
    "js.page_no_key": (
        "В этом браузере нет ключа учителя: откройте адрес учителя, который напечатал "
        "сервер (или вид для проектора)."
    ),
    "js.board_pooled_share": "Общая доля {share}",
    "js.board_not_known": "пока неизвестна",
    "js.board_band": "полоса от {low} до {high}",
    "js.board_student_tally": "{name}: {successes} из {trials}, ± {spread} (2 СО)",
    "js.board_exact_is": "точно {exact}",
    "js.board_class_code": "Код класса",
    "js.board_join": "Вход в класс",
    "js.board_qr": "QR-код адреса {url}",
    "js.board_projector": "Вид для проектора (без управления, можно показывать)",
    "js.board_activity": "Задание",
    "js.board_robot": "Робот",
    "js.board_against": "против робота {name}",
    "js.board_start": "Начать",
    "js.board_start_anew": "Начать заново",
    "js.board_start_aria": "{start}: выбранное задание",
    "js.board_stop": "Остановить",
    "js.board_stop_aria": "Остановить задание",
    "js.board_reveal": "Показать",
    "js.board_reveal_aria": "Показать точное значение",
    "js.board_end": "Закончить урок",
    "js.board_end_aria": "Закончить урок (результаты сохраняются)",
    "js.board_end_again": "Нажмите ещё раз, чтобы закончить",
    "js.board_end_again_aria": (
        "Нажмите ещё раз, чтобы закончить урок (результаты сохраняются, ученики войдут заново)"
    ),
    "js.board_no_activity": "Задание не запущено",
    "js.board_task": "{task} Общий счёт: {pooled}.",
    "js.board_class_result": (
        "Класс: {successes} из {trials} = {share}, ± {error} (2 СО), учеников: {students}."
    ),
    "js.board_no_results": "Результатов пока нет.",
    "js.board_hidden_teacher": (
        "Точное значение скрыто: спросите прогнозы, потом нажмите «Показать»."
    ),
    "js.board_hidden_student": (
        "Точное значение скрыто, пока учитель его не покажет: каков ваш прогноз?"
    ),
    "js.board_exact": "Точно: {exact} = {value}.",
    "js.board_column_student": "Ученик",
    "js.board_column_score": "Очки",
    "js.board_column_robot": "Робот",
    "js.board_column_optimal": "Оптимум",
    "js.board_latest_games": "Последние партии",
    "js.board_rename": "Переименовать",
    "js.board_rename_aria": "Переименовать: {name}",
    "js.board_new_name": "Новое имя для {name}",
    "js.board_remove": "Убрать",
    "js.board_remove_aria": "Убрать: {name}",
    "js.board_remove_again": "Нажмите ещё раз, чтобы убрать",
    "js.board_remove_again_aria": (
        "Нажмите ещё раз, чтобы убрать {name} из списка (результаты сохраняются)"
    ),
    "js.board_merge": "Объединить",
    "js.board_merge_aria": "Объединить {name} с другим учеником",
    "js.board_merge_into": (
        "С каким учеником объединить {name}? Результаты перейдут к нему. Введите имя:"
    ),
    "js.board_away": "(не в сети)",
    "js.board_students": "Ученики: {students} (здесь {online})",
    "js.board_done": "Готово",
    "js.board_done_aria": "Закончить правку списка",
    "js.board_manage": "Править список",
    "js.board_manage_aria": "Править список: переименовать, объединить или убрать ученика",
    # --- занятия класса (dicelab.classroom) --------------------------------------------------
    "count.throw": {"one": "{n} бросок", "few": "{n} броска", "many": "{n} бросков"},
    "count.turn": {"one": "{n} ход", "few": "{n} хода", "many": "{n} ходов"},
    "count.try": {"one": "{n} попытка", "few": "{n} попытки", "many": "{n} попыток"},
    "count.game": {"one": "{n} партия", "few": "{n} партии", "many": "{n} партий"},
    "count.farkle": {"one": "{n} фаркл", "few": "{n} фаркла", "many": "{n} фарклов"},
    "count.hot_dice": {
        "one": "горячие кубики {n} раз",
        "few": "горячие кубики {n} раза",
        "many": "горячие кубики {n} раз",
    },
    "count.six": {"one": "{n} шестёрка", "few": "{n} шестёрки", "many": "{n} шестёрок"},
    "count.escape": {"one": "{n} выход", "few": "{n} выхода", "many": "{n} выходов"},
    "count.yahtzee": {"one": "{n} Яхтзи", "few": "{n} Яхтзи", "many": "{n} Яхтзи"},
    "count.win": {"one": "{n} победа", "few": "{n} победы", "many": "{n} побед"},
    "class.waiting": "Ждём учителя",
    "class.joined_as": "Вы в классе под именем {name}. Занятие начнётся, когда его начнёт учитель.",
    "class.title": "Класс",
    "class.no_button": "кнопки {button} сейчас нет",
    "class.die_showing": "кубик {number}: {face}",
    "class.die_held": "кубик {number}: {face}, отложен",
    "class.tally": "У вас: {hits} на {throws}.",
    "class.press_throw": "Нажмите «Бросить», чтобы бросить {dice}.",
    "class.throw": "Бросить",
    "class.throw_aria": "Бросить {dice}",
    "class.your_dice": "Ваши {dice}",
    "class.six_dice": "шесть кубиков",
    "class.three_dice": "три кубика",
    "class.one_die": "кубик",
    "farkles.heading": "Фарклы: бросаем шесть кубиков",
    "farkles.help": "T бросает шесть кубиков. Бросок, в котором ни один кубик не даёт очков, — фаркл.",
    "farkles.heading_three": "Фарклы: бросаем три кубика",
    "farkles.help_three": (
        "T бросает три кубика. Бросок, в котором ни один кубик не даёт очков, — фаркл."
    ),
    "farkles.heading_no_fives": "Фарклы, когда пятёрка не даёт очков",
    "farkles.help_no_fives": (
        "T бросает три кубика. По этому правилу одна пятёрка не даёт очков: очки дают только "
        "единицы и три одинаковых. Бросок, в котором ни один кубик не даёт очков, — фаркл."
    ),
    "farkles.hit": "Фаркл! Ни один кубик не даёт очков. ",
    "farkles.miss": "Есть очки. ",
    "farkles.tag": "Фаркл",
    "hot_dice.heading": "Горячие кубики: бросаем шесть кубиков",
    "hot_dice.help": (
        "T бросает шесть кубиков. Когда очки даёт каждый кубик, это горячие кубики: "
        "все шесть возвращаются."
    ),
    "hot_dice.hit": "Горячие кубики! Очки даёт каждый кубик. ",
    "hot_dice.miss": "Не каждый кубик даёт очки. ",
    "hot_dice.tag": "Горячие",
    "sixes.heading": "Шестёрки: бросаем один кубик",
    "sixes.help": "T бросает кубик. Считайте шестёрки: подходит ли доля к одной из шести?",
    "sixes.hit": "Шестёрка! ",
    "sixes.miss": "Не шестёрка. ",
    "sixes.tag": "Шесть",
    "cask_escape.heading": "Выйти из первой бочки",
    "cask_escape.help": (
        "T бросает оставшиеся кубики; кубики с очками откладываются сами. Ход выходит из "
        "бочки, когда набирает её верх, и проваливается, когда бросок не даёт очков."
    ),
    "cask_escape.your_dice": "Ваши кубики",
    "cask_escape.aside": "Кубики, отложенные в этом ходе",
    "cask_escape.start": "Нажмите «Бросить», чтобы начать ход с 0: наберите {top}, чтобы выйти.",
    "cask_escape.new_turn": "Бросить (новый ход)",
    "cask_escape.again": "Бросить ещё",
    "cask_escape.throw_aria": "Бросить оставшиеся кубики",
    "cask_escape.fails": "Очков нет: ход сгорел. ",
    "cask_escape.out": "{points}: выход из бочки! ",
    "cask_escape.on": "{points}, осталось {dice}: бросайте, чтобы набрать {top}.",
    "cask_escape.tally": "У вас: {escapes} за {turns}.",
    "cask_escape.scores": "Очки",
    "in_three.heading": "Яхтзи за три броска",
    "in_three.help": (
        "R бросает неотложенные кубики; 1–5 откладывают кубик или возвращают его. "
        "N начинает новую попытку."
    ),
    "in_three.your_dice": "Ваши пять кубиков",
    "in_three.start": "Бросайте до трёх раз. Между бросками откладывайте кубики, которые оставляете.",
    "in_three.new_try": "Новая попытка",
    "in_three.new_try_aria": "Начать новую попытку",
    "in_three.used": "три броска уже сделаны",
    "in_three.roll": "Бросить (осталось {left})",
    "in_three.roll_aria": "Бросить неотложенные кубики",
    "in_three.rolled": "Бросок {number}: отложите, что оставляете, и бросайте снова.",
    "in_three.five": "Пять одинаковых за {rolls}!",
    "in_three.none": "Пяти одинаковых нет.",
    "in_three.tally": "{said} У вас {yahtzees}, всего {tries}.",
    "in_three.again": "Новая попытка: бросайте до трёх раз.",
    "in_three.roll_first": "сначала бросьте, потом откладывайте кубики",
    "tally.heading": "Подсчёт: настоящие кубики",
    "tally.help": (
        "Бросайте шесть настоящих кубиков снова и снова; введите, сколько было бросков и "
        "сколько фарклов, и нажмите «Отправить»."
    ),
    "tally.throws": "Бросков шести кубиков",
    "tally.farkles": "из них фарклов",
    "tally.start": "Бросьте шесть настоящих кубиков несколько раз и посчитайте фарклы.",
    "tally.sent": "Отправлено: {farkles} на {throws}. Спасибо!",
    "tally.bad_throws": "число бросков — от 1 до {most}, а не {given}",
    "tally.bad_farkles": "число фарклов — от 0 до числа бросков ({throws}), а не {given}",
    "first_player.heading": "Побеждает ли тот, кто ходит первым?",
    "first_player.help": (
        "P играет одну короткую партию (до 1000) между двумя роботами, которые оба играют на "
        "победу. Выигрывает ли робот, который ходит первым, больше половины партий?"
    ),
    "first_player.start": "Нажмите «Сыграть партию».",
    "first_player.play": "Сыграть партию",
    "first_player.play_aria": "Сыграть одну короткую партию",
    "first_player.first": "Первый робот",
    "first_player.second": "Второй робот",
    "first_player.first_won": "Победил первый робот",
    "first_player.shared": "Общая победа",
    "first_player.second_won": "Победил второй робот",
    "first_player.said": "{who}, {first}:{second}. У первого робота {wins}, всего {games}.",
    "tournament.heading": "Придумайте робота",
    "thousand.class_keys": (
        "T бросает кубики, S записывает очки хода; пробел или Enter нажимает выбранную кнопку, "
        "так что после броска пробел бросает снова. С настройкой choose_keep щёлкайте по "
        "очковым кубикам (или нажимайте их номера, от 1 до 5), чтобы выбрать их, а A их "
        "откладывает. Когда игра окончена, A начинает новую."
    ),
    "fivethousand.class_keys": (
        "Щёлкните по стаканчику (или нажмите T), чтобы бросить. После броска все очковые "
        "кубики выложены, остальные снова в стаканчике; щёлкните по кубику или нажмите его "
        "номер (от 1 до 6), чтобы вернуть его в стаканчик или выложить, а U отменяет "
        "последний щелчок. Выложенные кубики откладываются, и каждый должен давать очки. "
        "Пробел или Enter на выбранном кубике или стаканчике щёлкает по нему. P — пас: "
        "выложенные кубики откладываются, и очки хода записываются. Когда игра окончена, "
        "A начинает новую."
    ),
    "yahtzee.class_keys": (
        "Перейдите к кубику клавишей Tab и нажмите пробел или Enter, чтобы придержать его "
        "или отпустить, либо нажмите 1–5. R бросает, C подтверждает выбранную клетку. "
        "Когда игра окончена, A начинает новую."
    ),
    "class_game.again": "Сыграть ещё",
    "class_game.again_aria": "Сыграть ещё: новая партия",
    "class_game.not_here": "в занятии класса этого нет",
    "class_game.kept": "Записано для класса: у вас {points}. «Сыграть ещё» начнёт новую партию.",
    "class_game.kept_optimal_high": (
        "Записано для класса: у вас {points}, не меньше, чем у оптимального робота на тех же "
        "кубиках ({optimal}): успех. «Сыграть ещё» начнёт новую партию."
    ),
    "class_game.kept_optimal_low": (
        "Записано для класса: у вас {points}, меньше, чем у оптимального робота на тех же "
        "кубиках ({optimal}). «Сыграть ещё» начнёт новую партию."
    ),
    "class_game.kept_against": (
        "Записано для класса: {outcome}, у вас {points}, у робота {robot}. "
        "«Сыграть ещё» начнёт новую партию."
    ),
    "class_game.shared_win": "общая победа",
    "class_game.win": "победа",
    "class_game.loss": "поражение",
    "class_game.finish_first": "сначала доиграйте эту партию",
    # --- таблица турнира (dicelab.widgets.leaderboard) ---------------------------------------
    "leaderboard.title": "Турнирная таблица",
    "leaderboard.heading": "Турнирная таблица: {games} партий на пару",
    "leaderboard.place": "место",
    "leaderboard.entrant": "участник",
    "leaderboard.against": "против",
    "leaderboard.wins": "победы",
    "leaderboard.error": "± 2 ст. ош.",
    "leaderboard.games": "партии",
    "leaderboard.exact": "точно",
    "leaderboard.progress": "Сыграно {done} из {total} партий на пару (раунд {round} из {rounds})",
    "leaderboard.starting": "Турнир начинается: участников — {entrants}, партий на пару — {games}…",
    "leaderboard.played": "Сыграно: пар — {pairs}, партий в каждой — {games}.",
    "leaderboard.stopped": "Остановлен после {games} партий на пару.",
    "leaderboard.failed": "Турнир остановился: {why}",
    "leaderboard.empty": "Турнира ещё не было: сыграйте его через .play(entrants, rules, games=…).",
    "leaderboard.basis": (
        "Победы: доля выигранных участником партий (общая победа считается за половину), "
        "две стандартные ошибки в обе стороны; каждая пара играла одни и те же кубики при "
        "обоих порядках ходов."
    ),
    "leaderboard.pairings": "Точные шансы рядом с долями из розыгрыша",
    "js.leaderboard_robot": "(робот)",
    # --- карточка и конструктор стратегии (dicelab.widgets.strategy_card, strategy_builder) ---
    "card.heading": "{name}: когда записывает",
    "card.caption": (
        "Строки: сколько кубиков осталось бросить. Столбцы: очки хода под риском (в последнем "
        "— {cap} и больше). Чем темнее клетка, тем в большей доле положений по счёту "
        "стратегия там записывает."
    ),
    "card.axis": "очки хода",
    "card.points": "Точно очков за ход: {points:.1f}",
    "card.busy": "Считаем точное число очков за ход…",
    "card.failed": "Точного числа очков за ход нет: {why}",
    "card.set_aside": "Откладывает: {rule}.",
    "card.legend_bank": "З: записывает при любом счёте",
    "card.legend_some": "з: записывает при части счетов",
    "card.legend_throw": "пусто: бросает дальше",
    "card.title": "Карточка стратегии",
    "set_aside.most_points": "больше всего очков",
    "set_aside.fewest_dice": "меньше всего кубиков за эти очки",
    "set_aside.keep_most_dice": "как можно меньше кубиков, чтобы снова бросить больше",
    "builder.heading": "Соберите стратегию",
    "builder.title": "Конструктор стратегии",
    "builder.name": "Название",
    "builder.usual": "Записывать с этих очков хода, по числу оставшихся кубиков",
    "builder.behind": "Когда отстаёт больше чем на {limit} очков",
    "builder.near": "Когда соперник в {limit} очках от {target}",
    "builder.behind_limit": "отстаёт больше чем на",
    "builder.near_limit": "соперник в пределах",
    "builder.switch": "Включить",
    "builder.never": "никогда",
    "builder.earlier": "записывать раньше",
    "builder.later": "записывать позже",
    "builder.less": "меньше",
    "builder.more": "больше",
    "builder.set_aside": "Откладывать",
    "builder.points": "очков",
    "builder.summary_usual": "Записывает с {limits}",
    "builder.summary_behind": "; когда отстаёт больше чем на {limit} — с {limits}",
    "builder.summary_near": "; когда соперник в {limit} от цели — с {limits}",
    "builder.summary_end": "; откладывает {rule}; в последнем ходе записывает, как только выходит вперёд.",
    "builder.all_dice": "{points} очков хода при любом числе кубиков",
    "builder.never_all": "никогда (всегда бросает дальше)",
    "builder.at_dice": "{points}, когда осталось {dice}",
    "builder.lowest": "{what}: меньше 0 нельзя.",
    "builder.typed": (
        "{what}: введите целое число очков от 0 до {cap} или «никогда», а не {typed}."
    ),
    "builder.typed_reach": "{what}: введите целое число очков от 0 до {cap}, а не {typed}.",
    "builder.refused": "{why} Стратегия не изменилась.",
    "builder.default_name": "моя стратегия",
    # --- маленькие показы уроков (dicelab.widgets.lesson) ---------------------------------------
    "lesson.die_showing": "кубик: {face}",
    "lesson.dice": "Кубики {faces}",
    "lesson.answer": "Ответ",
    "lesson.click_to_show": "(нажмите, чтобы показать)",
}
