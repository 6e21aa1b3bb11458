"""Each lesson's worksheet and each game's handout prints on at most two pages of A4 and of
Letter, with no empty page: Chromium renders it to PDF and the test counts the pages and the
text on each."""

from __future__ import annotations

import re
import zlib

import pytest

from dicelab.handout import GAMES, handout
from dicelab.worksheet import LESSONS, worksheet


def text_per_page(pdf: bytes) -> list[int]:
    """The number of text-showing operators on each page of ``pdf`` (Chromium's output)."""
    objects = {
        int(match.group(1)): match.group(2)
        for match in re.finditer(rb"(\d+) 0 obj(.*?)\nendobj", pdf, re.S)
    }

    def stream(body: bytes) -> bytes:
        length = re.search(rb"/Length (\d+)( 0 R)?", body)
        size = int(length.group(1))
        if length.group(2):  # the length is an object of its own
            size = int(re.search(rb"\d+", objects[size]).group())
        start = re.search(rb"stream\r?\n", body).end()
        data = body[start : start + size]
        return zlib.decompress(data) if b"FlateDecode" in body else data

    counts = []
    for body in objects.values():
        if re.search(rb"/Type\s*/Page\b(?!s)", body):
            contents = re.search(rb"/Contents\s*(\[[^\]]*\]|\d+ 0 R)", body).group(1)
            streams = [stream(objects[int(ref)]) for ref in re.findall(rb"(\d+) 0 R", contents)]
            counts.append(sum(len(re.findall(rb"T[Jj]\b", data)) for data in streams))
    return counts


@pytest.fixture(scope="module")
def printer(browser):
    page = browser.new_page()
    yield page
    page.close()


SHEETS = {f"lesson{lesson}": (worksheet, lesson) for lesson in LESSONS} | {
    game: (handout, game) for game in GAMES
}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("sheet", list(SHEETS))
def test_a_sheet_prints_on_at_most_two_pages_none_empty(printer, sheet, paper, record_property):
    make, which = SHEETS[sheet]
    printer.set_content(make(which))
    pages = text_per_page(printer.pdf(format=paper))
    record_property(f"{sheet}_{paper}_pages", len(pages))
    print(f"{sheet}, {paper}: {len(pages)} pages")
    assert 1 <= len(pages) <= 2, f"{sheet} takes {len(pages)} pages of {paper}"
    assert all(count > 20 for count in pages), f"{sheet}: a page of {paper} is empty"
