// @ts-check
// A tournament's leaderboard: the entrants best first with their share of wins (a bar and
// the number, ± 2 SE), the house robots marked in words; a progress bar while it plays; the
// pairings whose exact chance was worked out, beside their simulated share.
import { component, element } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.strategy.LeaderboardPart (a test checks them).
 * @typedef {object} LeaderboardPart
 * @property {string} component
 * @property {string} heading
 * @property {any[]} columns
 * @property {any[]} rows
 * @property {object} pairings
 * @property {object} progress
 * @property {string} status
 * @property {string} basis
 */

function headRow(columns) {
  const line = element("tr");
  line.append(...columns.map((words) => {
    const cell = element("th", "", words);
    cell.scope = "col";
    return cell;
  }));
  return line;
}

component("leaderboard", (slot, { say }) => {
  const root = element("div", "dicelab-standings");
  const heading = element("h3", "dicelab-standings-heading");
  const progress = element("div", "dicelab-standings-progress");
  const bar = element("progress", "dicelab-standings-bar");
  const progressText = element("span", "dicelab-standings-progress-text");
  progress.append(bar, progressText);
  const status = element("p", "dicelab-standings-status");
  status.setAttribute("role", "status");
  const table = element("table", "dicelab-standings-table");
  const basis = element("p", "dicelab-standings-basis");
  const pairings = element("details", "dicelab-standings-pairings");
  root.append(heading, progress, status, table, basis, pairings);
  slot.append(root);

  return (/** @type {LeaderboardPart} */ part) => {
    heading.textContent = part.heading;
    const going = /** @type {{done?: number, total?: number, text?: string}} */ (part.progress);
    progress.hidden = going.total === undefined;
    if (going.total !== undefined) {
      bar.max = going.total;
      bar.value = going.done ?? 0;
      bar.setAttribute("aria-label", going.text ?? "");
      progressText.textContent = going.text ?? "";
    }
    status.textContent = part.status;
    status.hidden = !part.status;
    const body = element("tbody");
    body.append(...part.rows.map((row) => {
      const line = element("tr", row.robot ? "is-robot" : "");
      line.dataset.entrant = row.name;
      const name = element("th", "dicelab-standings-name", row.name);
      name.scope = "row";
      if (row.robot) name.append(" ", element("span", "dicelab-standings-robot", say("leaderboard_robot")));
      const wins = element("td", "dicelab-standings-wins");
      const track = element("span", "dicelab-standings-track");
      const fill = element("span", "dicelab-standings-fill");
      fill.style.width = `${Math.round(row.share * 1000) / 10}%`;
      track.append(fill);
      track.setAttribute("aria-hidden", "true");
      wins.append(track, element("span", "dicelab-standings-value", row.wins));
      line.append(element("td", "dicelab-standings-place", String(row.place)), name, wins,
                  element("td", "dicelab-standings-error", row.error), element("td", "dicelab-standings-games", row.games));
      return line;
    }));
    const head = element("thead");
    head.append(headRow(part.columns));
    table.replaceChildren(head, body);
    table.hidden = !part.rows.length;
    basis.textContent = part.basis;
    const judged = /** @type {{caption?: string, columns?: string[], rows?: string[][]}} */ (part.pairings);
    pairings.hidden = !judged.rows;
    if (judged.rows) {
      const open = pairings.open;
      const list = element("table", "dicelab-standings-table is-pairings");
      const rows = element("tbody");
      rows.append(...judged.rows.map((cells) => {
        const line = element("tr");
        line.append(...cells.map((text) => element("td", "", text)));
        return line;
      }));
      const top = element("thead");
      top.append(headRow(judged.columns ?? []));
      list.append(top, rows);
      pairings.replaceChildren(element("summary", "", judged.caption), list);
      pairings.open = open;
    }
  };
});
