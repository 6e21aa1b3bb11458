// @ts-check
// Rule lab results: the figures of the rules (a progress bar while one is worked out), the
// odds table, and the button that plays the rules.
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.rule_lab.RuleResults (a test checks them).
 * @typedef {object} RuleResultsPart
 * @property {string} component
 * @property {string} heading
 * @property {object} odds
 * @property {any[]} figures
 * @property {string} busy
 * @property {string} elapsed
 * @property {string} play
 */

component("rule_results", (slot, { send }) => {
  const root = element("div", "dicelab-rule-results");
  const heading = element("h3", "dicelab-rule-heading");
  const figures = element("ul", "dicelab-rule-figures");
  const busy = element("p", "dicelab-rule-busy");
  busy.setAttribute("role", "status");
  const elapsed = element("p", "dicelab-rule-elapsed");  // outside the live region: not read every second
  const table = element("table", "dicelab-odds");
  const play = button("dicelab-button dicelab-rule-play", "", "", "play", () => send({ type: "play" }));
  root.append(heading, figures, busy, elapsed, table, play);
  slot.append(root);

  const figure = (shown) => {
    const row = element("li", "dicelab-rule-figure-row");
    const term = element("span", "dicelab-rule-figure", shown.label);
    const value = element("span", `dicelab-rule-value is-${shown.state}`);
    value.dataset.figure = shown.key;
    if (shown.state === "working" || shown.pending) {  // (an estimate, the exact figure to come)
      const bar = element("progress", "dicelab-rule-progress");
      bar.setAttribute("aria-label", `Working out: ${shown.label}`);
      value.append(bar, " ");
    }
    value.append(element("span", "", shown.value));
    if (shown.state === "error") {
      value.append(" ", button("dicelab-button dicelab-rule-retry", "Try again", `Try again: ${shown.label}`,
                               `retry/${shown.key}`, () => send({ type: "retry" })));
    }
    row.append(term, value);
    return row;
  };

  const row = (cells, tag) => {
    const line = element("tr");
    line.append(...cells.map((cell, index) => {
      const header = tag === "th" || index === 0;  // a row's first cell names it
      const node = element(header ? "th" : "td", "", cell);
      if (header) node.scope = tag === "th" ? "col" : "row";
      return node;
    }));
    return line;
  };

  return (/** @type {RuleResultsPart} */ part) => {
    heading.textContent = part.heading;
    figures.replaceChildren(...part.figures.map(figure));
    busy.textContent = part.busy;
    busy.classList.toggle("is-empty", !part.busy);
    elapsed.textContent = part.elapsed;
    const head = element("thead");
    head.append(row(part.odds.columns, "th"));
    const body = element("tbody");
    body.append(...part.odds.rows.map((cells) => row(cells, "td")));
    table.replaceChildren(element("caption", "", part.odds.caption), head, body);
    play.textContent = part.play;
  };
});
