// Unit tests of the widgets' pure helpers, run by `node --test tests/js` (tests/test_front_end.py).
import { test, mock } from "node:test";
import assert from "node:assert/strict";

import { component, mountOf, sayer, fill } from "../../src/dicelab/widgets/static/helpers.js";
import { regionNames, connection, ANSWER_MS, HEARTBEAT_MS } from "../../src/dicelab/widgets/static/table.js";
import { percent, poolScale } from "../../src/dicelab/widgets/static/class_board.js";
import { spanPosition } from "../../src/dicelab/widgets/static/cask_scales.js";
import { clickOn, DOUBLE_CLICK_MS } from "../../src/dicelab/widgets/static/scorecard.js";

test("a registered component is found by name; an unknown one is an error naming it", () => {
  const mount = () => () => {};
  component("test_part", mount);
  assert.equal(mountOf("test_part"), mount);
  assert.equal(typeof mountOf("scorecard"), "function");  // the scorecard module registered itself on import
  assert.throws(() => mountOf("no_such_part"), /no component named no_such_part/);
});

test("regions with one title are numbered in page order from the second", () => {
  assert.deepEqual(regionNames(["Yahtzee game", "Rule lab", "Yahtzee game", "Yahtzee game"]),
                   ["Yahtzee game", "Rule lab", "Yahtzee game 2", "Yahtzee game 3"]);
  assert.deepEqual(regionNames([]), []);
});

const DISCONNECTED = "The game is gone.";  // the model's words for "disconnected"

test("the table's words come from the model, their fields filled in", () => {
  const say = sayer({ get: (name) => (name === "words" ? { scales: "Шкалы от 0 до {target}" } : undefined) });
  assert.equal(say("scales", { target: 1000 }), "Шкалы от 0 до 1000");
  assert.equal(say("unknown"), "unknown");
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

function fakeModel() {
  const handlers = new Map();
  return {
    get: (name) => (name === "words" ? { disconnected: DISCONNECTED } : undefined),
    sent: [],
    failing: false,
    send(message) {
      if (this.failing) throw new Error("no kernel");
      this.sent.push(message);
    },
    on(name, handler) { handlers.set(name, handler); },
    off(name, handler) { if (handlers.get(name) === handler) handlers.delete(name); },
    emit(name, value) { handlers.get(name)?.(value); },
    listening: () => [...handlers.keys()].sort(),
  };
}

test("the table says the kernel is gone only when a message has no answer in time", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const model = fakeModel();
    const line = { textContent: "", hidden: true };
    const kernel = connection(model, line);
    kernel.send({ part: "dice", type: "toggle", die: 0 });
    mock.timers.tick(ANSWER_MS - 1);
    assert.equal(line.hidden, true);
    model.emit("change:view");  // answered: the clock stops
    mock.timers.tick(ANSWER_MS);
    assert.equal(line.hidden, true);
    kernel.send({ part: "controls", type: "key", key: "t" });
    model.emit("msg:custom", { type: "other" });  // not an answer
    mock.timers.tick(ANSWER_MS);
    assert.equal(line.hidden, false);
    assert.equal(line.textContent, DISCONNECTED);
    assert.deepEqual(model.sent.map((m) => m.part), ["dice", "controls"]);
    kernel.stop();
    assert.deepEqual(model.listening(), []);
  } finally {
    mock.timers.reset();
  }
});

test("an acknowledgement answers, and a send that throws shows the line at once", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const model = fakeModel();
    const line = { textContent: "", hidden: true };
    const kernel = connection(model, line);
    kernel.send({ part: "table", type: "view" });
    model.emit("msg:custom", { type: "ack" });
    mock.timers.tick(2 * ANSWER_MS);
    assert.equal(line.hidden, true);
    model.failing = true;
    kernel.send({ part: "dice", type: "toggle", die: 1 });
    assert.equal(line.hidden, false);
    kernel.stop();
  } finally {
    mock.timers.reset();
  }
});

test("the heartbeat says the kernel is gone before any click, and a late answer takes it back", () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  try {
    const model = fakeModel();
    const line = { textContent: "", hidden: true };
    const kernel = connection(model, line, true);
    mock.timers.tick(HEARTBEAT_MS);
    assert.deepEqual(model.sent, [{ part: "table", type: "heartbeat" }]);
    model.emit("msg:custom", { type: "ack" });
    mock.timers.tick(HEARTBEAT_MS);  // the next beat goes, and no answer comes
    assert.equal(model.sent.length, 2);
    mock.timers.tick(ANSWER_MS - 1);
    assert.equal(line.hidden, true);
    mock.timers.tick(1);
    assert.equal(line.hidden, false);
    assert.equal(line.textContent, DISCONNECTED);
    mock.timers.tick(10 * HEARTBEAT_MS);  // no beat while one waits for its answer
    assert.equal(model.sent.length, 2);
    model.emit("msg:custom", { type: "ack" });  // a kernel that was only busy
    assert.equal(line.hidden, true);
    kernel.stop();
    mock.timers.tick(10 * HEARTBEAT_MS);
    assert.equal(model.sent.length, 2);
    const quiet = fakeModel();
    const without = connection(quiet, { textContent: "", hidden: true });
    mock.timers.tick(10 * HEARTBEAT_MS);
    assert.deepEqual(quiet.sent, []);  // no heartbeat where the model has no kernel
    without.stop();
  } finally {
    mock.timers.reset();
  }
});

test("shares read as percentages with one decimal", () => {
  assert.equal(percent(5 / 162), "3.1 %");
  assert.equal(percent(0), "0.0 %");
  assert.equal(percent(1), "100.0 %");
});

test("the pool chart fits every dot, the band and the exact value, the band within 0 and 1", () => {
  const pool = { share: 0.03, se: 0.01, students: [{ share: 0.02 }, { share: 0.08 }, { share: null }] };
  const { top, band } = poolScale(pool, { value: 5 / 162 });
  assert.equal(top, 0.1);  // 0.08 with a fifth to spare is 0.096: up to 0.1
  assert.ok(Math.abs(band.low - 0.01) < 1e-12 && Math.abs(band.high - 0.05) < 1e-12);
  const wide = poolScale({ share: 0.9, se: 0.1, students: [{ share: 1 }] }, null);
  assert.deepEqual(wide, { top: 1, band: { low: 0.9 - 2 * 0.1, high: 1 } });
  const early = poolScale({ share: null, se: null, students: [] }, { value: 0.046 });
  assert.deepEqual(early, { top: 0.1, band: null });
  assert.equal(poolScale({ share: 0.2, se: 0.05, students: [] }, undefined).top, 0.4);
});

test("a cask's span sits at its share of the scale, and an empty one has no width", () => {
  assert.deepEqual(spanPosition(200, 300, 1000), { left: "20%", width: "10%" });
  assert.deepEqual(spanPosition(880, 800, 1000), { left: "88%", width: "0%" });
});

test("a second click on the same box soon after is a double click, and only the second", () => {
  let last = { key: "", time: 0 };
  const clicks = [["ones/0", 1000], ["ones/0", 1000 + DOUBLE_CLICK_MS - 1], ["ones/0", 1600],
                  ["twos/0", 1700], ["ones/0", 1750], ["ones/0", 1750 + DOUBLE_CLICK_MS]];
  const doubles = clicks.map(([key, now]) => {
    const click = clickOn(last, key, now);
    last = click.last;
    return click.double;
  });
  assert.deepEqual(doubles, [false, true, false, false, false, false]);
});
