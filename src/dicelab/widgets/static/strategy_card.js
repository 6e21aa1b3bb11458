// @ts-check
// A strategy's card: a heat map of where it banks, by dice left (rows) and turn points
// (columns). Each cell's shade is the share of score situations in which it banks there,
// and a mark says the same without colour (B always, b sometimes, blank never).
import { component, element } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.strategy.StrategyCardPart (a test checks them).
 * @typedef {object} StrategyCardPart
 * @property {string} component
 * @property {string} heading
 * @property {string} caption
 * @property {string} axis
 * @property {any[]} columns
 * @property {any[]} rows
 * @property {string} points
 * @property {string} busy
 * @property {any[]} legend
 * @property {string} set_aside
 */

/** The mark of a cell where the strategy banks in `share` of the score situations.
 * @param {number} share @returns {string} */
export function bankMark(share) {
  return share >= 1 ? "B" : share > 0 ? "b" : "";
}

/** How deep a cell is shaded (percent of the bank colour): full where it always banks,
 * at most 70 where only sometimes (the theme's ink stays readable on it).
 * @param {number} share @returns {number} */
export function shade(share) {
  return share >= 1 ? 100 : share > 0 ? Math.round(15 + 55 * share) : 0;
}

/** The class of a cell's mark, as the legend names it. @param {number} share */
function markClass(share) {
  return share >= 1 ? "is-bank" : share > 0 ? "is-some" : "is-throw";
}

let cardCount = 0;

component("strategy_card", (slot) => {
  const root = element("div", "dicelab-card");
  const heading = element("h3", "dicelab-card-heading");
  const caption = element("p", "dicelab-card-caption");
  caption.id = `dicelab-card-caption-${++cardCount}`;
  const scroller = element("div", "dicelab-card-scroll");
  const table = element("table", "dicelab-card-map");
  table.setAttribute("aria-labelledby", caption.id);
  scroller.append(table);
  const legend = element("ul", "dicelab-card-legend");
  const setAside = element("p", "dicelab-card-set-aside");
  const points = element("p", "dicelab-card-points");
  points.setAttribute("aria-live", "polite");
  const busy = element("p", "dicelab-card-busy");
  busy.setAttribute("role", "status");
  root.append(heading, caption, scroller, legend, setAside, points, busy);
  slot.append(root);

  return (/** @type {StrategyCardPart} */ part) => {
    heading.textContent = part.heading;
    const head = element("tr");
    const corner = element("th", "dicelab-card-corner", part.axis);
    corner.scope = "col";
    head.append(corner, ...part.columns.map((column) => {
      // Every column is named for screen readers; the axis shows a number now and then,
      // running on over the next columns (it does not widen its own).
      const cell = element("th", "dicelab-card-column");
      cell.append(column.label ? element("span", "dicelab-card-tick", column.label)
                               : element("span", "dicelab-said-only", String(column.points)));
      cell.scope = "col";
      cell.dataset.points = String(column.points);
      return cell;
    }));
    const body = element("tbody");
    body.append(...part.rows.map((row) => {
      const line = element("tr");
      line.dataset.dice = String(row.dice);
      const name = element("th", "dicelab-card-row", row.label);
      name.scope = "row";
      line.append(name, ...row.cells.map((share, index) => {
        const cell = element("td", `dicelab-card-cell ${markClass(share)}`, bankMark(share));
        cell.style.setProperty("--share", `${shade(share)}%`);
        cell.dataset.share = String(share);
        cell.title = `${row.label}, ${part.columns[index].points} ${part.axis}: ${Math.round(share * 100)} %`;
        return cell;
      }));
      return line;
    }));
    const thead = element("thead");
    thead.append(head);
    caption.textContent = part.caption;
    table.replaceChildren(thead, body);
    legend.replaceChildren(...part.legend.map(([kind, words]) => {
      const item = element("li");
      item.append(element("span", `dicelab-card-key dicelab-card-cell ${kind}`, kind === "is-bank" ? "B" : kind === "is-some" ? "b" : ""), " ", words);
      return item;
    }));
    setAside.textContent = part.set_aside;
    points.textContent = part.points;
    busy.textContent = part.busy;
    busy.hidden = !part.busy;
  };
});
