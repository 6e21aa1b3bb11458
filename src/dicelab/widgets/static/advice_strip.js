// @ts-check
// Advice strip: the coach's best option and each seat's chance to win, at a glance beside the dice.
import { component, element, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.advice_strip.AdviceStrip (a test checks them).
 * @typedef {object} AdviceStripPart
 * @property {string} component
 * @property {string} best
 * @property {any[]} chances
 */

component("advice_strip", (slot, { say }) => {
  const root = element("section", "dicelab-advice-strip");
  root.setAttribute("aria-label", say("advice"));
  const best = element("p", "dicelab-advice-best");
  const chances = element("p", "dicelab-advice-chances");
  root.append(best, chances);
  slot.append(root);

  const drawSeat = (seat) => {
    const item = element("span", "dicelab-advice-seat");
    item.append(swatch("dicelab-advice-swatch", seat.colour), `${seat.name} ${seat.value}`);
    return item;
  };

  return (/** @type {AdviceStripPart} */ part) => {
    best.textContent = part.best;
    best.hidden = !part.best;
    chances.replaceChildren(
      ...(part.chances.length ? [element("span", "dicelab-advice-label", say("advice_chances"))] : []),
      ...part.chances.map(drawSeat));
    chances.hidden = !part.chances.length;
    root.hidden = best.hidden && chances.hidden;
  };
});
