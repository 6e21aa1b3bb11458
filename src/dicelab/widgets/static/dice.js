// @ts-check
// Dice tray: draws the dice it is given and sends {type: "toggle", die} when one is clicked.
import { component, element, button, dieFace } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.dice.DiceTray (a test checks them).
 * @typedef {object} DicePart
 * @property {string} component
 * @property {any[]} dice
 * @property {number} throw
 * @property {string} label
 */

const LOCK = `<svg viewBox="0 0 16 16" aria-hidden="true" class="dicelab-lock">
  <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/>
  <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>`;

component("dice", (slot, { send, say }) => {
  const tray = element("div", "dicelab-tray");
  tray.setAttribute("role", "group");
  slot.append(tray);
  let shownThrow = null;

  const drawDie = (die, index, tumble) => {
    const item = element("div", "dicelab-die-slot");
    const node = button("dicelab-die", undefined, die.label, `die-${index}`,
      () => send({ type: "toggle", die: index }));
    node.setAttribute("aria-pressed", String(Boolean(die.held)));
    node.setAttribute("aria-disabled", String(!die.selectable));
    if (die.key) node.setAttribute("aria-keyshortcuts", die.key);
    if (die.look) node.classList.add(`is-${die.look}`);  // the look, where given, says it all
    else {
      node.classList.toggle("is-held", Boolean(die.held));
      node.classList.toggle("is-kept", Boolean(die.kept));
    }
    node.classList.toggle("is-blank", !die.face);
    node.append(dieFace(die.face));
    if (tumble && die.rolled) node.classList.add("is-rolling");
    const tag = element("div", "dicelab-die-tag");
    if (die.tag) tag.textContent = die.tag;
    else if (die.held) tag.innerHTML = `${LOCK}<span>Held</span>`;
    else if (die.kept) tag.textContent = say("die_kept");
    item.append(node, tag);
    return item;
  };

  return (/** @type {DicePart} */ part) => {
    const tumble = shownThrow !== null && part.throw !== shownThrow;
    shownThrow = part.throw;
    tray.setAttribute("aria-label", part.label);
    tray.replaceChildren(...part.dice.map((die, index) => drawDie(die, index, tumble)));
  };
});
