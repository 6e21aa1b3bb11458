// @ts-check
// Scoreboard: one card per player with labelled numbers; the player to move is framed.
import { component, element, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.scoreboard.Scoreboard (a test checks them).
 * @typedef {object} ScoreboardPart
 * @property {string} component
 * @property {string} caption
 * @property {any[]} players
 */

component("scoreboard", (slot, { say }) => {
  const root = element("section", "dicelab-scoreboard");
  slot.append(root);

  const drawPlayer = (player) => {
    const card = element("li", player.current ? "dicelab-board-player is-current" : "dicelab-board-player");
    if (player.current) card.setAttribute("aria-current", "true");
    const head = element("div", "dicelab-board-name");
    head.append(swatch("dicelab-board-swatch", player.colour), element("span", "", player.name));
    const note = [player.current ? say("to_play") : "", player.note].filter(Boolean).join(", ");
    const numbers = element("div", "dicelab-board-numbers");
    for (const number of player.numbers) {
      const row = element("div", "dicelab-board-number");
      row.append(element("span", "dicelab-board-label", number.label),
                 element("span", "dicelab-board-value", String(number.value)));
      numbers.append(row);
    }
    card.append(head, element("div", "dicelab-board-note", note), numbers);
    return card;
  };

  return (/** @type {ScoreboardPart} */ part) => {
    const list = element("ul", "dicelab-board-list");
    list.setAttribute("aria-label", part.caption || say("scores"));
    list.append(...part.players.map(drawPlayer));
    const caption = element("div", "dicelab-board-caption", part.caption);
    caption.hidden = !part.caption;
    root.replaceChildren(caption, list);
  };
});
