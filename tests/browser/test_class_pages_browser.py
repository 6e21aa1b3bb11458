"""The class pages alone in Chromium, without JupyterLab: the teacher's page, opened from the
address the server prints, and the projector's read-only page."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
import websocket

from tests.browser.axe import violations
from tests.browser.harness import ARTIFACTS, free_port, screenshot
from tests.browser.test_classroom_browser import play_fivethousand
from tests.classroom.serving import THROW, ServerProcess, Student

pytest.importorskip("tornado")
pytest.importorskip("segno")

SCREEN = {"viewport": {"width": 1024, "height": 768}}


@pytest.fixture
def server(tmp_path):
    server = ServerProcess(tmp_path / "class", "--activity", "farkles", port=free_port())
    yield server
    server.stop()


def open_page(browser, url: str):
    """A page of its own at ``url``: (context, page, the page's errors)."""
    context = browser.new_context(**SCREEN)
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


def test_the_teachers_page_draws_alone_with_board_qr_code_roster_and_controls(browser, server):
    context, page, errors = open_page(browser, server.teacher_url)
    try:
        page.locator(".dicelab-board svg.dicelab-qr").wait_for()
        assert page.locator(".dicelab-board-code b").inner_text() == server.code
        assert page.locator(".dicelab-board-roster h3").inner_text() == "Students: 0 (0 here)"
        page.locator(".dicelab-board button[data-key='start']").wait_for()
        page.locator(".dicelab-board button[data-key='reveal']").wait_for()
        # the token left the address bar at once, and no script on the page can read it
        assert page.url == server.teacher_page
        assert server.token not in page.evaluate("document.cookie + location.href")
        assert page.locator(".dicelab-board-projector").get_attribute("href") == (
            server.projector_url
        )
        Student(server, "Ann").intent(THROW)
        page.locator(".dicelab-board-pooled[data-trials='1']").wait_for()
        # the roster's tools: Rename asks for the new name
        page.locator(".dicelab-board button[data-key='manage']").click()
        page.once("dialog", lambda dialog: dialog.accept("Zoe"))
        page.locator(".dicelab-board button[data-key^='rename/']").click()
        page.locator(".dicelab-board-name", has_text="Zoe").wait_for()
        page.locator(".dicelab-board button[data-key='manage']").click()  # Done
        assert page.locator(".dicelab-board button[data-key^='rename/']").count() == 0
        page.locator(".dicelab-board button[data-key='reveal']").click()
        page.locator(".dicelab-board-exact", has_text="Exact: 5/162").wait_for()
        # a reload keeps the teacher's board (the cookie), and the CSV downloads with it
        page.reload()
        page.locator(".dicelab-board button[data-key='start']").wait_for()
        csv = context.request.get(server.teacher_page + "/results.csv")
        assert csv.status == 200 and len(csv.text().splitlines()) == 2
        assert errors == []
    finally:
        context.close()


def test_the_projector_page_shows_the_class_and_reveal_but_no_controls(browser, server):
    context, page, errors = open_page(browser, server.projector_url)
    try:
        page.locator(".dicelab-board svg.dicelab-qr").wait_for()
        assert page.locator(".dicelab-board-code b").inner_text() == server.code
        assert page.locator(".dicelab-board-address").inner_text() == server.student_url
        ann = Student(server, "Ann")
        for _ in range(3):
            ann.intent(THROW)
        page.locator(".dicelab-board-pooled[data-trials='3']").wait_for()
        page.locator(".dicelab-board-name", has_text="Ann").wait_for()
        page.locator(".dicelab-pool-band").wait_for(state="attached")
        page.locator(".dicelab-pool-bar").wait_for(state="attached")  # Ann's own ± 2 SE
        assert (
            page.locator(".dicelab-board-exact")
            .inner_text()
            .startswith("The exact value is hidden until your teacher reveals it")
        )
        assert page.locator(".dicelab-board button, .dicelab-board select").count() == 0
        assert page.locator(".dicelab-board-projector").count() == 0
        assert page.locator("#csv").count() == 0
        teacher = server.teacher_socket()
        teacher.send('{"type": "intent", "intent": {"part": "board", "type": "reveal"}}')
        page.locator(".dicelab-board-exact", has_text="Exact: 5/162").wait_for()
        teacher.close()
        # the projector's browser holds no key: the teacher's results and board stay closed
        assert context.request.get(server.teacher_page + "/results.csv").status == 403
        page.goto(server.teacher_page)
        page.get_by_text("This browser does not hold the teacher's key").wait_for()
        page.goto("about:blank")  # (a new fragment alone would not load the page again)
        page.goto(server.teacher_page + "#" + "x" * len(server.token))
        page.get_by_text("This key is not the teacher's").wait_for()
        assert page.url == server.teacher_page  # even a wrong key leaves the address bar
        assert page.locator(".dicelab-board").count() == 0
        assert errors == []
    finally:
        context.close()


def test_two_tabs_on_one_seat_drop_no_throw_and_each_shows_its_own(browser, server):
    """A student opens the class link again in a second tab (same seat): every throw of
    either tab is kept, and each tab shows the result of its own throw."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True)
    context.set_default_timeout(30_000)
    errors: list[str] = []
    try:
        first = context.new_page()
        first.on("pageerror", lambda error: errors.append(str(error)))
        first.goto(server.student_url)
        first.fill("#name", "Tabby")
        first.get_by_role("button", name="Join").click()
        first.locator("button[data-key='throw']").wait_for()
        second = context.new_page()
        second.on("pageerror", lambda error: errors.append(str(error)))
        second.goto(server.student_url)
        assert second.locator("#who").inner_text() == "You are Tabby"
        for throws, page in enumerate([first, second, first, second, second], start=1):
            page.locator("button[data-key='throw']").first.click()
            page.locator("body[data-pending='0']").wait_for(state="attached")
            page.get_by_text(f"in {throws} throw{'s' if throws > 1 else ''}.").wait_for()
        first.get_by_text("in 5 throws.").wait_for()  # the other tab is shown the seat's state
        rows = [row for row in server.csv_rows() if row[3] == "Tabby"]
        assert [row[4] for row in rows] == ["1", "2", "3", "4", "5"]
        assert errors == []
    finally:
        context.close()


def test_on_a_phone_the_student_page_shows_no_keys_help(browser, server):
    phone = browser.new_context(
        viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    laptop = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        for context, shown in ((phone, False), (laptop, True)):
            page = context.new_page()
            page.goto(server.student_url)
            page.fill("#name", "Pat")
            page.get_by_role("button", name="Join").click()
            page.locator("button[data-key='throw']").wait_for()
            if shown:  # the second Pat is told apart at the door, and told so
                assert page.locator("#who").inner_text() == "You are Pat (2)"
                assert page.locator("#status").inner_text() == (
                    "Another student is Pat: you are Pat (2)."
                )
            assert page.locator(".dicelab-help").is_visible() == shown
            hint = page.locator("button[data-key='throw']").evaluate(
                "node => getComputedStyle(node, '::after').content"
            )
            assert hint == ('"T"' if shown else "none")  # the key drawn beside the label
            assert page.locator(".dicelab-keys").is_visible() is False
    finally:
        phone.close()
        laptop.close()


def test_the_projector_teacher_and_phone_pages_photographed(browser, server):
    """The README's pictures of a class of eight: the projector's and the teacher's pages at
    1024×768 after Reveal, and a student's phone."""
    students = [
        Student(server, name) for name in ("Ann", "Ben", "Cleo", "Dev", "Emil", "Fay", "Gus")
    ]
    for index, student in enumerate(students):
        for _ in range(6 + 4 * index):  # within the activity's limit of 30 throws
            student.intent(THROW)
    phone = browser.new_context(
        viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    projector, projected, errors = open_page(browser, server.projector_url)
    teacher, page, teacher_errors = open_page(browser, server.teacher_url)
    try:
        student = phone.new_page()
        student.goto(server.student_url)
        student.fill("#name", "Hana")
        student.get_by_role("button", name="Join").click()
        for throws in range(1, 4):
            student.locator("button[data-key='throw']").first.click()
            student.get_by_text(f"in {throws} throw{'s' if throws > 1 else ''}.").wait_for()
        total = 3 + sum(6 + 4 * index for index in range(len(students)))
        page.locator(f".dicelab-board-pooled[data-trials='{total}']").wait_for()
        page.locator(".dicelab-board button[data-key='reveal']").click()
        for shown in (page, projected):
            shown.locator(".dicelab-board-exact", has_text="Exact: 5/162").wait_for()
            shown.locator(f".dicelab-board-pooled[data-trials='{total}']").wait_for()
        for shown in (projected, page, student):  # WCAG AA, light theme
            assert violations(shown, "body") == []
        page.evaluate("document.activeElement.blur()")  # no focus ring left by Reveal
        screenshot(projected, ARTIFACTS / "classroom" / "projector.png")
        screenshot(page, ARTIFACTS / "classroom" / "teacher.png")
        screenshot(student, ARTIFACTS / "classroom" / "phone-student.png")
        assert errors == [] and teacher_errors == []
    finally:
        for context in (phone, projector, teacher):
            context.close()
        for student in students:
            student.close()


def said(throws: int) -> str:
    return f"in {throws} throw{'s' if throws > 1 else ''}."


def throw(page, throws: int) -> None:
    """Press Throw and wait until the page shows the student's ``throws``-th throw answered."""
    page.locator("button[data-key='throw']").first.click()
    page.locator("body[data-pending='0']").wait_for(state="attached")
    page.get_by_text(said(throws)).wait_for()


CLASS = ["Ann", "Ben", "Cleo", "Dev", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lev"]
PHONES = 4  # the first four students are on phones


class Attacker:
    """A student's seat that misbehaves: intents no page sends, floods of messages, and
    other students' seats claimed with secrets it does not have."""

    def __init__(self, server):
        self.server, self.seat = server, Student(server, "Mallory")

    def attack(self) -> None:
        run = self.seat.last["run"]
        for poison in (
            {"type": "intent", "run": run, "seq": 2**70, "intent": THROW},
            {"type": "intent", "run": run, "seq": 1, "intent": {"type": "throw", "x" * 500: 1}},
            {"type": "hello", "student": 1, "secret": "not Ann's"},
            {"type": "no such thing"},
        ):
            self._send(poison)
        for _ in range(30):  # a flood
            self._send({"type": "intent", "run": run, "seq": -1, "intent": THROW})
        forger = websocket.create_connection(self.server.ws, timeout=30)  # claims Ann's seat
        try:
            forger.send(json.dumps({"type": "hello", "student": 1, "secret": "x" * 64}))
            assert json.loads(forger.recv())["type"] == "refused"
        finally:
            forger.close()

    def _send(self, message: dict) -> None:
        try:
            self.seat.socket.send(json.dumps(message))
        except (OSError, websocket.WebSocketException):  # sent away: it signs in again
            try:
                self.seat = Student(self.server, seat=self.seat.seat)
            except (OSError, websocket.WebSocketException, AssertionError):
                pass  # the server keeps it away a while


@pytest.mark.slow
def test_a_class_day_on_the_projector_and_teacher_pages_through_a_sigkill(browser, tmp_path):
    """A lesson without JupyterLab: the projector's and the teacher's pages, twelve students
    (four on phones, one with two tabs, one who closes the page and opens it again) and one
    who sends poison, floods and forged seats all along, a SIGKILL mid-activity and a
    restart, a second activity started from the teacher's page, Reveal, and a whole game
    against the robot with Play again. No honest page was cut off by the attacker, the
    boards showed the right counts, and the results hold exactly the throws each student was
    answered for, and the game."""
    port = free_port()
    data = tmp_path / "class"
    server = ServerProcess(data, "--activity", "farkles", port=port)
    projector, projected, errors = open_page(browser, server.projector_url)
    teacher, board, teacher_errors = open_page(browser, server.teacher_url)
    contexts, pages, answered = [], {}, {}
    cut_off: list[str] = []  # honest pages whose socket closed while the attacker attacked
    attacking = {"now": False}

    def watch(page, name: str) -> None:
        page.on(
            "websocket",
            lambda socket: socket.on(
                "close", lambda _: cut_off.append(name) if attacking["now"] else None
            ),
        )

    try:
        for index, name in enumerate(CLASS):
            options = {
                "viewport": {"width": 360, "height": 640},
                "is_mobile": True,
                "has_touch": True,
            }
            context = browser.new_context(**(options if index < PHONES else SCREEN))
            context.set_default_timeout(30_000)
            contexts.append(context)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            watch(page, name)
            page.goto(server.student_url)
            page.fill("#name", name)
            page.get_by_role("button", name="Join").click()
            page.locator("button[data-key='throw']").wait_for()
            pages[name], answered[name] = page, 0
        second_tab = contexts[1].new_page()  # Ben opens the class link again
        watch(second_tab, "Ben")
        second_tab.goto(server.student_url)
        second_tab.locator("button[data-key='throw']").wait_for()
        here = f"Students: {len(CLASS)} ({len(CLASS)} here)"
        projected.locator(".dicelab-board-roster h3", has_text=here).wait_for()

        attacker = Attacker(server)
        attacking["now"] = True
        for _ in range(3):
            attacker.attack()
            for name, page in pages.items():
                answered[name] += 1
                throw(page, answered[name])
            answered["Ben"] += 1
            throw(second_tab, answered["Ben"])  # the other tab's throws are Ben's too
        attacker.attack()
        attacking["now"] = False
        assert cut_off == []  # no honest page lost its socket to the attacker
        pages["Cleo"].close()  # Cleo closes the page and opens it again: the same seat
        pages["Cleo"] = contexts[2].new_page()
        pages["Cleo"].goto(server.student_url)
        pages["Cleo"].locator("#who", has_text="You are Cleo").wait_for()  # once its socket answers
        assert pages["Cleo"].locator("#who").inner_text() == "You are Cleo"
        answered["Cleo"] += 1
        throw(pages["Cleo"], answered["Cleo"])
        total = sum(answered.values())
        for shown in (projected, board):
            shown.locator(f".dicelab-board-pooled[data-trials='{total}']").wait_for()

        # SIGKILL mid-activity: two students throw while the server is down; their pages
        # keep the throws and send them again once it is back, and both boards come back
        server.kill()
        for name in ("Ann", "Dev"):
            pages[name].locator("button[data-key='throw']").first.click()
            answered[name] += 1
        server = ServerProcess(data, port=port)
        for name in ("Ann", "Dev"):
            pages[name].locator("body[data-pending='0']").wait_for(state="attached")
            pages[name].get_by_text(said(answered[name])).wait_for()
        total = sum(answered.values())
        for shown in (projected, board):
            shown.locator(f".dicelab-board-pooled[data-trials='{total}']").wait_for()

        # the teacher starts lesson 4's activity from the teacher's page, then reveals it
        board.locator(".dicelab-board select[aria-label='Activity']").select_option("sixes")
        board.locator(".dicelab-board button[data-key='start']").click()
        projected.locator(".dicelab-board-run h3", has_text="Sixes").wait_for()
        for page in pages.values():
            page.locator("button[data-key='throw']").first.click()
            page.locator("body[data-pending='0']").wait_for(state="attached")
        projected.locator(f".dicelab-board-pooled[data-trials='{len(pages)}']").wait_for()
        board.locator(".dicelab-board button[data-key='reveal']").click()
        projected.locator(".dicelab-board-exact", has_text="Exact: 1/6").wait_for()

        # a whole game against the robot, then Play again: the game is kept, the next begins
        board.locator(".dicelab-board select[aria-label='Activity']").select_option("fivethousand")
        board.locator(".dicelab-board button[data-key='start']").click()
        projected.locator(".dicelab-board-run h3", has_text="Fivethousand").wait_for()
        player = pages["Emil"]
        player.locator("[data-part='shaker'] button").wait_for()
        score = play_fivethousand({"Emil": player})["Emil"]
        kept = player.locator(
            "[data-part='controls'] .dicelab-status", has_text="Kept for the class"
        )
        kept.wait_for()
        assert player.locator("button[data-key='rematch']").count() == 0
        player.locator("button[data-key='again']").click()
        player.locator("[data-part='ranking']").wait_for(state="detached")
        projected.locator(".dicelab-board-pooled[data-trials='1']").wait_for()

        rows = server.csv_rows()
        (game,) = [row for row in rows if row[1] == "fivethousand"]
        assert (game[3], json.loads(game[7])["score"]) == ("Emil", score)
        farkles = Counter(row[3] for row in rows if row[1] == "farkles")
        assert farkles == answered  # (the attacker's refused messages stored nothing)
        assert Counter(row[3] for row in rows if row[1] == "sixes") == dict.fromkeys(pages, 1)
        keys = [(row[0], row[2], row[4]) for row in rows]
        assert len(set(keys)) == len(keys)  # no result stored twice
        assert errors == [] and teacher_errors == []
    finally:
        for context in (*contexts, projector, teacher):
            context.close()
        server.stop()


def test_a_duplicated_tab_takes_a_name_of_its_own(browser, server):
    """A browser's Duplicate tab copies sessionStorage, and with it the tab's name: the copy
    asks the open tabs and takes a new name, so neither tab's throw is taken for the other's."""
    context = browser.new_context(**SCREEN)
    context.set_default_timeout(30_000)
    try:
        first = context.new_page()
        first.goto(server.student_url)
        first.fill("#name", "Dupe")
        first.get_by_role("button", name="Join").click()
        throw(first, 1)
        stored = first.evaluate("JSON.stringify(Object.entries(sessionStorage))")
        copy = context.new_page()
        copy.add_init_script(f"for (const [k, v] of {stored}) window.sessionStorage.setItem(k, v);")
        copy.goto(server.student_url)
        copy.locator("button[data-key='throw']").wait_for()
        names = [
            json.loads(page.evaluate(f"sessionStorage.getItem('dicelab-tab-{server.code}')"))["id"]
            for page in (first, copy)
        ]
        assert names[0] != names[1]
        throw(copy, 2)
        throw(first, 3)
        rows = [row for row in server.csv_rows() if row[3] == "Dupe"]
        assert [row[4] for row in rows] == ["1", "2", "3"]
    finally:
        context.close()


def test_the_phone_counts_toward_the_limit_and_says_when_it_is_reached(browser, server):
    """The student's page shows "n of 30 throws"; past the limit a press changes nothing
    and the page says why."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True)
    context.set_default_timeout(30_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.student_url)
        page.fill("#name", "Counter")
        page.get_by_role("button", name="Join").click()
        page.locator("button[data-key='throw']").wait_for()
        assert page.locator("#progress").inner_text() == "0 of 30 throws"
        for throws in range(1, 31):
            page.locator("button[data-key='throw']").first.click()
            page.locator(f"#progress[data-done='{throws}']").wait_for()
        assert page.locator("#progress").inner_text() == "30 of 30 throws"
        page.locator("button[data-key='throw']").first.click()
        page.locator("body[data-pending='0']").wait_for(state="attached")
        page.get_by_text("You have done your 30 throws: thank you!").wait_for()
        assert page.locator("#progress").inner_text() == "30 of 30 throws"
        rows = [row for row in server.csv_rows() if row[3] == "Counter"]
        assert len(rows) == 30
        assert errors == []
    finally:
        context.close()


def test_a_russian_phone_and_an_english_laptop_read_the_activity_each_in_its_language(
    browser, server
):
    """A browser set to Russian (its Accept-Language) joins in Russian: the page's words, the
    ones its scripts draw and the activity's own sentences; an English one alongside stays
    English. The Russian phone is photographed."""
    russian = browser.new_context(
        locale="ru-RU", viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True
    )
    english = browser.new_context(locale="en-GB", **SCREEN)
    try:
        page = russian.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.student_url)
        assert page.locator("html").get_attribute("lang") == "ru"
        page.get_by_label("Ваш ник").fill("Аня")
        page.get_by_role("button", name="Войти").click()
        page.get_by_role("button", name="Бросить шесть кубиков").wait_for()
        assert page.locator("#who").inner_text() == "Вы — Аня"
        assert page.locator("#status").inner_text() == "Подключено."
        controls = page.locator("[data-part='controls']")
        assert controls.locator(".dicelab-status").inner_text() == (
            "Нажмите «Бросить», чтобы бросить шесть кубиков."
        )
        laptop = english.new_page()
        laptop.goto(server.student_url)
        laptop.get_by_label("Your nickname").fill("Ben")
        laptop.get_by_role("button", name="Join").click()
        laptop.get_by_role("button", name="Throw six dice").wait_for()
        for _ in range(2):
            page.get_by_role("button", name="Бросить шесть кубиков").click()
            laptop.get_by_role("button", name="Throw six dice").click()
        page.locator("[data-part='controls'] .dicelab-status", has_text="на 2 броска").wait_for()
        laptop.locator("[data-part='controls'] .dicelab-status", has_text="in 2 throws").wait_for()
        shown = page.locator("body").inner_text().replace("dicelab", "")  # (the product's name)
        assert not re.search(r"\b[A-Za-z]{3,}\b", shown), shown  # not a word of English
        screenshot(page, ARTIFACTS / "classroom" / "phone-student-ru.png")
        assert errors == []
    finally:
        russian.close()
        english.close()
