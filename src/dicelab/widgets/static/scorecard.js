// @ts-check
// Scorecard: a table of boxes and totals; sends {type: "select", column, row} for a box, and
// {type: "score", column, row} for a double click (choose it and score it).
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.scorecard.Scorecard (a test checks them).
 * @typedef {object} ScorecardPart
 * @property {string} component
 * @property {string} caption
 * @property {any[]} columns
 * @property {any[]} rows
 */

export const DOUBLE_CLICK_MS = 500;

/** A click on the box `key` at `now` (ms), after the `last` one: whether it is the second of
 * a double click, and what to remember for the next click (nothing after a double click).
 * @param {{key: string, time: number}} last @param {string} key @param {number} now */
export function clickOn(last, key, now) {
  const double = last.key === key && now - last.time < DOUBLE_CLICK_MS;
  return { double, last: double ? { key: "", time: 0 } : { key, time: now } };
}

component("scorecard", (slot, { send }) => {
  const table = element("table", "dicelab-scorecard");
  let last = { key: "", time: 0 };  // the box clicked last, and when
  slot.append(table);

  const drawCell = (cell, column, row) => {
    const td = element("td", [cell.chosen ? "is-chosen" : "", cell.preview ? "is-preview" : ""].join(" ").trim());
    if (!cell.button) {
      td.textContent = cell.text;
      if (cell.label) td.setAttribute("aria-label", cell.label);
      return td;
    }
    const key = `${row.key}/${column}`;
    const box = button("dicelab-box", cell.text, cell.label, key, () => {
      // A second click on the same box soon after is a double click, even though the first
      // one redrew the scorecard (so the browser's own dblclick never reaches a box).
      const click = clickOn(last, key, performance.now());
      last = click.last;
      send({ type: click.double ? "score" : "select", column, row: row.key });
    });
    box.setAttribute("aria-disabled", String(!cell.enabled));
    box.setAttribute("aria-pressed", String(Boolean(cell.chosen)));
    td.append(box);
    return td;
  };

  return (/** @type {ScorecardPart} */ part) => {
    const head = element("tr");
    head.append(element("td", "dicelab-corner", ""));
    for (const column of part.columns) {
      const th = element("th", column.current ? "is-current" : "");
      th.scope = "col";
      th.style.setProperty("--dicelab-player", column.colour);
      th.style.setProperty("--dicelab-ink", column.ink);
      th.append(element("span", "dicelab-player", column.name));
      if (column.current) th.append(element("span", "dicelab-to-play", "to play"));
      head.append(th);
    }
    const body = element("tbody");
    for (const row of part.rows) {
      const tr = element("tr", row.total ? "is-total" : "");
      const th = element("th", "", row.label);
      th.scope = "row";
      tr.append(th, ...row.cells.map((cell, column) => drawCell(cell, column, row)));
      body.append(tr);
    }
    const thead = element("thead");
    thead.append(head);
    table.replaceChildren(element("caption", "", part.caption), thead, body);
  };
});
