// @ts-check
// History: the game's log, newest first, dice drawn small; new entries are read out politely.
import { component, element, swatch, dieFace } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.history.History (a test checks them).
 * @typedef {object} HistoryPart
 * @property {string} component
 * @property {string} caption
 * @property {number} game
 * @property {any[]} entries
 */

component("history", (slot) => {
  const root = element("details", "dicelab-history");
  root.open = true;
  const summary = element("summary", "dicelab-history-summary");
  const region = element("div", "dicelab-history-log");
  region.setAttribute("role", "log");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-relevant", "additions");
  region.tabIndex = 0;  // it scrolls: keyboard users can scroll it too
  const log = element("ol", "dicelab-history-list");
  region.append(log);
  root.append(summary, region);
  slot.append(root);
  let shown = 0;  // the serial of the newest entry drawn
  let game = null;  // the game they belong to

  const drawEntry = (entry) => {
    const item = element("li", "dicelab-history-entry");
    if (entry.mark) item.classList.add(`is-${entry.mark}`);
    item.dataset.serial = String(entry.serial);
    item.append(swatch("dicelab-history-swatch", entry.colour));
    if (entry.dice.length) {
      const dice = element("span", "dicelab-history-dice");
      dice.append(...entry.dice.map((face) => dieFace(face, "dicelab-history-die")));
      item.append(dice);
    }
    item.append(element("span", "dicelab-history-text", entry.text));
    return item;
  };

  return (/** @type {HistoryPart} */ part) => {
    summary.textContent = part.caption;
    region.setAttribute("aria-label", part.caption);
    const entries = part.entries;
    const newest = entries.length ? entries[entries.length - 1].serial : 0;
    if (part.game !== game || newest < shown) {  // a new game, or moves taken back
      log.replaceChildren();
      shown = 0;
      game = part.game;
    }
    const fresh = entries.filter((entry) => entry.serial > shown);
    log.prepend(...fresh.reverse().map(drawEntry));
    while (log.children.length > entries.length) log.lastElementChild.remove();
    shown = newest;
  };
});
