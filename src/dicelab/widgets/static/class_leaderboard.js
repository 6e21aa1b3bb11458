// @ts-check
// The class tournament on the board: entries, the rounds played, and the leaderboard filling
// in round by round (each entrant's share of wins with its band of two standard errors).
// Until the teacher reveals them the house robots' rows are left out and the students are
// ranked among themselves. The teacher's page has Play (close the entries and play) and
// Reveal the robots; the projector's has no buttons. Names are drawn as text only.
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.classroom.tournament.ClassLeaderboard (a test checks them).
 * @typedef {object} ClassLeaderboardPart
 * @property {string} component
 * @property {boolean} controls
 * @property {string} phase
 * @property {number} entries
 * @property {number} rounds_done
 * @property {number} rounds
 * @property {number} games
 * @property {any[]} rows
 * @property {any[]} robots
 * @property {boolean} revealed
 * @property {string} trouble
 */

/** A share as a percentage with one decimal. @param {number} share */
const percent = (share) => `${(100 * share).toFixed(1)} %`;

component("class_leaderboard", (slot, { send }) => {
  const root = element("section", "dicelab-leaderboard");
  slot.append(root);

  const table = (part) => {
    const grid = element("table", "dicelab-leaderboard-table");
    grid.append(element("caption", "", part.phase === "played" ? "Leaderboard" : "Leaderboard so far"));
    const head = element("tr");
    for (const title of ["Place", "Strategy of", "Wins (± 2 SE)", "Games"]) head.append(element("th", "", title));
    grid.append(head);
    for (const row of part.rows) {
      const line = element("tr", row.robot ? "is-robot" : "");
      const place = part.revealed ? row.place_all : row.place;
      const share = element("td", "dicelab-leaderboard-share");
      const bar = element("span", "dicelab-leaderboard-bar");
      bar.style.width = `${Math.round(100 * row.share)}%`;
      share.append(bar, element("span", "", `${percent(row.share)} ± ${percent(2 * row.se)}`));
      line.append(element("td", "dicelab-leaderboard-place", String(place)),
                  element("td", "dicelab-leaderboard-name", row.robot ? `${row.name} robot` : row.name),
                  share, element("td", "", String(row.games)));
      grid.append(line);
    }
    return grid;
  };

  return (/** @type {ClassLeaderboardPart} */ part) => {
    const children = [element("h3", "", "Tournament: design a robot")];
    const said = part.phase === "open"
      ? `Entries: ${part.entries}. Students design a strategy on their phones and enter it.`
      : part.phase === "playing"
        ? `The round robin is being played: round ${part.rounds_done} of ${part.rounds || "…"}, ${part.games} games a pairing, both seat orders.`
        : `Played: every pair of the ${part.entries} strategies and ${part.robots.length} robots, ${part.games} games a pairing, both seat orders with the same dice.`;
    const line = element("p", "dicelab-leaderboard-status", said);
    line.setAttribute("aria-live", "polite");
    children.push(line);
    if (part.phase === "playing") {
      const progress = element("progress", "dicelab-leaderboard-progress");
      progress.max = Math.max(1, part.rounds);
      progress.value = part.rounds_done;
      progress.setAttribute("aria-label", "Rounds played");
      children.push(progress);
    }
    if (part.trouble) {
      const trouble = element("p", "dicelab-notice", part.trouble);
      trouble.setAttribute("role", "alert");
      children.push(trouble);
    }
    if (part.controls && part.phase === "open") {
      children.push(button("dicelab-button", "Close the entries and play",
        `Close the entries (${part.entries} so far) and play the round robin`, "play", () => send({ type: "play" })));
    }
    if (part.rows.length) children.push(table(part));
    if (part.phase !== "open" && !part.revealed) {
      children.push(element("p", "dicelab-leaderboard-robots",
        `The house robots (${part.robots.join(", ")}) play too: their places are revealed last.`));
      if (part.controls && part.phase === "played") {
        children.push(button("dicelab-button", "Reveal the robots", "Reveal the robots' places", "reveal-robots",
          () => send({ type: "reveal" })));
      }
    }
    root.dataset.phase = part.phase;
    root.dataset.rows = String(part.rows.length);
    root.dataset.revealed = String(part.revealed);
    root.replaceChildren(...children);
  };
});
