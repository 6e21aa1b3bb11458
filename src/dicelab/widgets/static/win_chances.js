// @ts-check
// Chance to win: each seat's chance in words with a bar beside it, or why none is shown.
import { component, element, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.win_chances.WinChancesPanel (a test checks them).
 * @typedef {object} WinChancesPart
 * @property {string} component
 * @property {string} busy
 * @property {string} note
 * @property {string} basis
 * @property {any[]} seats
 */

component("win_chances", (slot, { say }) => {
  const root = element("section", "dicelab-chances");
  root.setAttribute("aria-label", say("chances"));
  const note = element("p", "dicelab-chances-note");
  const list = element("ul", "dicelab-chances-seats");
  list.setAttribute("aria-label", say("chances_seats"));
  const basis = element("p", "dicelab-chances-basis");
  root.append(element("h3", "dicelab-chances-heading", say("chances")), note, list, basis);
  slot.append(root);

  const drawSeat = (seat) => {
    const row = element("li", "dicelab-chances-seat");
    const bar = element("span", "dicelab-chances-bar");
    bar.setAttribute("aria-hidden", "true");
    if (seat.share !== null) {
      const fill = element("span", "dicelab-chances-fill");
      fill.style.width = `${(100 * seat.share).toFixed(1)}%`;
      fill.style.background = seat.colour;
      bar.append(fill);
    }
    row.append(swatch("dicelab-chances-swatch", seat.colour),
               element("span", "dicelab-chances-name", seat.name), bar,
               element("span", "dicelab-chances-value", seat.value));
    return row;
  };

  return (/** @type {WinChancesPart} */ part) => {
    root.classList.toggle("is-busy", Boolean(part.busy));
    root.setAttribute("aria-busy", String(Boolean(part.busy)));
    note.textContent = part.busy || part.note;
    note.hidden = !note.textContent;
    list.replaceChildren(...part.seats.map(drawSeat));
    list.hidden = !part.seats.length;
    basis.textContent = part.basis;
    basis.hidden = !part.basis;
  };
});
