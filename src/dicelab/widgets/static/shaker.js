// @ts-check
// Shaker: a dice cup button that sends {type: "shake"}; it shakes when a new throw is drawn.
import { component, element, button, replay } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.shaker.Shaker (a test checks them).
 * @typedef {object} ShakerPart
 * @property {string} component
 * @property {number} dice
 * @property {string} text
 * @property {string} caption
 * @property {string} label
 * @property {boolean} enabled
 * @property {string} reason
 * @property {string} key
 * @property {number} throw
 */

const CUP = `<svg viewBox="0 0 100 110" aria-hidden="true" class="dicelab-cup">
  <path class="dicelab-cup-body" d="M14 14 H86 L76 100 Q75 106 69 106 H31 Q25 106 24 100 Z"/>
  <rect class="dicelab-cup-rim" x="8" y="6" width="84" height="14" rx="6"/>
  <path class="dicelab-cup-band" d="M20 62 H80" /></svg>`;

component("shaker", (slot, { send }) => {
  const root = element("div", "dicelab-shaker");
  const cup = button("dicelab-shaker-button", undefined, "", "shaker", () => send({ type: "shake" }));
  cup.innerHTML = CUP;
  const count = element("span", "dicelab-shaker-count");
  cup.append(count);
  const caption = element("span", "dicelab-shaker-caption");
  root.append(cup, caption);
  slot.append(root);
  let shownThrow = null;

  return (/** @type {ShakerPart} */ part) => {
    count.textContent = part.text;
    caption.textContent = part.caption;
    cup.setAttribute("aria-label", part.label);
    cup.setAttribute("aria-disabled", String(!part.enabled));
    cup.title = part.enabled ? "" : part.reason;
    if (part.key) cup.setAttribute("aria-keyshortcuts", part.key);
    if (shownThrow !== null && part.throw !== shownThrow) replay(cup, "is-shaking");
    shownThrow = part.throw;
  };
});
