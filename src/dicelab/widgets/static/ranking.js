// @ts-check
// Ranking: the final places, with each player's colour beside the name.
import { component, element, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.ranking.Ranking (a test checks them).
 * @typedef {object} RankingPart
 * @property {string} component
 * @property {string} heading
 * @property {any[]} rows
 */

component("ranking", (slot) => {
  const root = element("section", "dicelab-ranking");
  slot.append(root);
  return (/** @type {RankingPart} */ part) => {
    const list = element("ol", "dicelab-ranking-list");
    for (const row of part.rows) {
      const item = element("li", row.winner ? "is-winner" : "");
      item.append(
        element("span", "dicelab-ranking-place", row.place),
        swatch("dicelab-ranking-swatch", row.colour),
        element("span", "dicelab-ranking-name", row.name),
        element("span", "dicelab-ranking-score", String(row.score)),
      );
      list.append(item);
    }
    root.replaceChildren(element("h3", "dicelab-ranking-heading", part.heading), list);
  };
});
